import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';

/** Debian's Chromium, as the e2e tests run it (CHROMIUM_PATH to use another). */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Run in the page Chromium makes for a video file: its size once its first picture is decoded. */
const SIZE_ONCE_DECODED = `new Promise((resolve, reject) => {
  const video = document.querySelector('video');
  const size = () => resolve({ width: video.videoWidth, height: video.videoHeight });
  if (video.readyState >= 2) return size();
  video.addEventListener('loadeddata', size);
  video.addEventListener('error', () => reject(new Error(video.error ? video.error.message : 'the video did not load')));
})`;

/**
 * The size Chromium shows a video file at (its videoWidth and videoHeight once its first picture
 * is decoded: a display matrix applied), or undefined when there is no Chromium to ask.
 */
export async function playedSize(file: string): Promise<{ width: number; height: number } | undefined> {
  if (!fs.existsSync(CHROMIUM)) return undefined;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(file).href);
    return (await page.evaluate(SIZE_ONCE_DECODED)) as { width: number; height: number };
  } finally {
    await browser.close();
  }
}
