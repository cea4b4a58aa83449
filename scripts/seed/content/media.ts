import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { runTool } from '../../../server/adapters/media/run';
import type { MediaTools } from '../../../server/adapters/media/tools';

/** A file a demo fan uploads: made here at seed time (nothing binary is committed), then cached. */
export interface DemoSource {
  /** File name, as the fan's phone names it. */
  name: string;
  file: string;
  kind: 'video' | 'image';
  /** The type the fan's browser declares. */
  type: string;
}

interface VideoRecipe {
  name: string;
  type: string;
  /** An ffmpeg lavfi source (only ones old ffmpeg builds have, so the npm-shipped ffmpeg makes them too). */
  picture: string;
  tone: number;
  /** Encoding of the "phone's" file. */
  codec: string[];
  /** Rotation the phone writes into the file's metadata (the pixels stay landscape). */
  rotate?: number;
}

const H264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
const SECONDS = 2;

/** Clips of 2 s at 240p (small: the pipeline encodes each once at every demo start): landscape, a portrait one, one filmed upright (rotation metadata) and a browser recording. */
const VIDEOS: VideoRecipe[] = [
  { name: 'stage-lights.mp4', type: 'video/mp4', picture: 'smptebars=size=426x240:rate=24', tone: 440, codec: H264 },
  { name: 'light-show.mp4', type: 'video/mp4', picture: 'testsrc=size=426x240:rate=24', tone: 523, codec: H264 },
  { name: 'crowd-portrait.mp4', type: 'video/mp4', picture: 'smptehdbars=size=240x426:rate=24,hue=H=PI*t', tone: 392, codec: H264 },
  // Filmed with the phone upright: stored landscape with a 90° rotation, as iPhones write .mov.
  { name: 'IMG_0412.MOV', type: 'video/quicktime', picture: 'rgbtestsrc=size=426x240:rate=24', tone: 330, codec: [...H264, '-f', 'mov'], rotate: 90 },
  {
    name: 'encore.webm',
    type: 'video/webm',
    picture: 'mandelbrot=size=426x240:rate=24',
    tone: 659,
    codec: ['-c:v', 'libvpx', '-b:v', '700k', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus'],
  },
];

interface ImageRecipe {
  name: string;
  type: string;
  width: number;
  height: number;
  colors: [string, string];
  caption: string;
  /** EXIF orientation: 6 is a phone held upright (the pixels are stored turned, the pipeline turns them back). */
  orientation?: number;
  format: 'jpeg' | 'png';
}

const IMAGES: ImageRecipe[] = [
  { name: 'IMG_2231.JPG', type: 'image/jpeg', width: 1600, height: 1200, colors: ['#1d2671', '#c33764'], caption: 'Front row!', format: 'jpeg' },
  { name: 'IMG_2240.JPG', type: 'image/jpeg', width: 1200, height: 1600, colors: ['#0f2027', '#2c5364'], caption: 'Encore', orientation: 6, format: 'jpeg' },
  { name: 'owls-poster.png', type: 'image/png', width: 1200, height: 1200, colors: ['#f7971e', '#ffd200'], caption: 'Night Flight', format: 'png' },
  { name: 'PXL_0815.jpg', type: 'image/jpeg', width: 1280, height: 960, colors: ['#11998e', '#38ef7d'], caption: 'Merch line', format: 'jpeg' },
];

/** A picture of stage lights over a gradient, with a caption, drawn as SVG. */
function poster(recipe: ImageRecipe): Buffer {
  const { width: w, height: h, colors } = recipe;
  const lights = [0.2, 0.5, 0.8]
    .map((x, i) => `<circle cx="${w * x}" cy="${h * 0.22}" r="${Math.min(w, h) * (0.09 + i * 0.02)}" fill="#fff" opacity="0.${5 + i}"/>`)
    .join('');
  const beams = [0.2, 0.5, 0.8]
    .map((x) => `<polygon points="${w * x},${h * 0.22} ${w * (x - 0.18)},${h} ${w * (x + 0.18)},${h}" fill="#fff" opacity="0.12"/>`)
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
      <rect width="100%" height="100%" fill="url(#g)"/>${beams}${lights}
      <rect x="0" y="${h * 0.78}" width="100%" height="${h * 0.22}" fill="#000" opacity="0.55"/>
      <text x="50%" y="${h * 0.91}" font-family="sans-serif" font-size="${Math.round(h * 0.08)}" font-weight="bold" fill="#fff" text-anchor="middle">${recipe.caption}</text>
    </svg>`,
  );
}

async function makeImage(recipe: ImageRecipe, file: string): Promise<void> {
  let image = sharp(poster(recipe));
  // Stored turned a quarter to the left with orientation 6, as a phone held upright writes it.
  if (recipe.orientation === 6)
    image = sharp(await image.png().toBuffer())
      .rotate(-90)
      .withMetadata({ orientation: 6 });
  await (recipe.format === 'png' ? image.png() : image.jpeg({ quality: 88 })).toFile(file);
}

/** ffmpeg's quiet, overwriting start for a made-up clip: a lavfi picture and a sine tone at 48 kHz. */
export const madeUpClipInputs = (picture: string, toneHz: number): string[] => [
  '-v',
  'error',
  '-y',
  '-f',
  'lavfi',
  '-i',
  picture,
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=${toneHz}:sample_rate=48000`,
];

async function makeVideo(ffmpeg: string, recipe: VideoRecipe, file: string): Promise<void> {
  const encoded = recipe.rotate ? `${file}.plain${path.extname(file)}` : file;
  await runTool(ffmpeg, [...madeUpClipInputs(recipe.picture, recipe.tone), '-t', String(SECONDS), ...recipe.codec, '-shortest', encoded]);
  if (!recipe.rotate) return;
  // ffmpeg keeps a rotation tag only when it copies the streams.
  await runTool(ffmpeg, ['-v', 'error', '-y', '-i', encoded, '-c', 'copy', '-metadata:s:v:0', `rotate=${recipe.rotate}`, '-f', 'mov', file]);
  await fs.promises.rm(encoded);
}

/**
 * A clip cut short, as a phone that lost power mid-recording leaves it: its index (moov, first)
 * promises 4 s, but only the first part of the media data is there. The top-level boxes still
 * chain to the end of the file (the mdat box's size is written to fit), so the capture page
 * takes it, and the media pipeline finds it incomplete and fails it, keeping the original.
 */
async function makeTruncated(ffmpeg: string, file: string): Promise<void> {
  const whole = `${file}.whole.mp4`;
  await runTool(ffmpeg, [...madeUpClipInputs('testsrc=size=426x240:rate=24', 220), '-t', '4', ...H264, '-movflags', '+faststart', '-shortest', whole]);
  const bytes = await fs.promises.readFile(whole);
  await fs.promises.rm(whole);
  let at = 0;
  while (at < bytes.length) {
    const size = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'mdat') {
      const keep = Math.floor((size - 8) * 0.35);
      const cut = Buffer.from(bytes.subarray(0, at + 8 + keep));
      cut.writeUInt32BE(8 + keep, at);
      await fs.promises.writeFile(file, cut);
      return;
    }
    at += size;
  }
  throw new Error('The generated clip has no media data box');
}

/** Makes `file` once (written beside, then renamed, so a half-made file is never taken). */
async function cached(file: string, make: (tmp: string) => Promise<void>): Promise<string> {
  if (fs.existsSync(file)) return file;
  const tmp = `${file}.tmp${path.extname(file)}`;
  await make(tmp);
  await fs.promises.rename(tmp, file);
  return file;
}

export interface DemoMedia {
  videos: DemoSource[];
  images: DemoSource[];
  truncated: DemoSource;
}

/** The demo's fan files, made under DATA_DIR/demo-media on first use (a second demo start reuses them). */
export async function demoMedia(dataDir: string, tools: MediaTools): Promise<DemoMedia> {
  const dir = path.join(dataDir, 'demo-media');
  await fs.promises.mkdir(dir, { recursive: true });
  const videos = Promise.all(
    VIDEOS.map(async (recipe) => ({
      name: recipe.name,
      type: recipe.type,
      kind: 'video' as const,
      file: await cached(path.join(dir, recipe.name), (tmp) => makeVideo(tools.ffmpeg, recipe, tmp)),
    })),
  );
  const images = Promise.all(
    IMAGES.map(async (recipe) => ({
      name: recipe.name,
      type: recipe.type,
      kind: 'image' as const,
      file: await cached(path.join(dir, recipe.name), (tmp) => makeImage(recipe, tmp)),
    })),
  );
  const truncated = cached(path.join(dir, 'VID_cut.mp4'), (tmp) => makeTruncated(tools.ffmpeg, tmp));
  return { videos: await videos, images: await images, truncated: { name: 'VID_20260812.mp4', type: 'video/mp4', kind: 'video', file: await truncated } };
}
