import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchPage, slugsOf, type PageAnswer } from './api';
import { CapturePage } from './CapturePage';
import { reportVisit, withBrowserToken } from './browserToken';
import type { PublicPageData } from '#shared/domain/schemas/wall';
import { attachLocaleSwitch, FanTextProvider, startFanText, type FanText } from './fanText';

/** The page's data the server wrote into the HTML (a JSON data block), if any. */
function embeddedAnswer(): PageAnswer | undefined {
  const text = document.getElementById('capture-data')?.textContent;
  if (!text) return undefined;
  try {
    const answer = JSON.parse(text) as PageAnswer;
    return typeof answer === 'object' && answer && typeof answer.ok === 'boolean' ? answer : undefined;
  } catch {
    return undefined;
  }
}

/** Renders a part of the page, in the fan's language, in place of what the server wrote into `root`. */
function mount(root: HTMLElement, text: FanText, element: ReactNode): void {
  root.textContent = '';
  createRoot(root).render(<FanTextProvider initial={text}>{element}</FanTextProvider>);
}

/**
 * The other pages the server writes into this template (server/http/shareHtml.ts): the share
 * page and its player count a view on play; the embeddable wall renders the wall alone; the venue
 * screen plays the page's uploads (it reports no visit). Their
 * code is loaded only there.
 */
async function bootPublicPage(text: FanText): Promise<boolean> {
  const json = document.getElementById('public-data')?.textContent;
  if (!json) return false;
  const data = JSON.parse(json) as PublicPageData;
  if (data.kind === 'none') return true;
  if (data.kind === 'share') {
    (await import('./share')).attachShare(data.uploadId);
  } else if (data.kind === 'wall') {
    const root = document.getElementById('wall-root');
    if (!root) return true;
    const { default: Wall } = await import('./Wall');
    mount(root, text, <Wall slugs={{ accountSlug: data.accountSlug, pageSlug: data.pageSlug }} heading={false} />);
  } else if (data.kind === 'screen') {
    const root = document.getElementById('screen-stage');
    if (!root) return true;
    const { default: Screen } = await import('./Screen');
    // ?speed= fast-forwards the turns, so a night's play can be checked in minutes.
    const speed = Math.min(Math.max(Number(new URLSearchParams(location.search).get('speed')) || 1, 1), 1000);
    mount(root, text, <Screen slugs={{ accountSlug: data.accountSlug, pageSlug: data.pageSlug }} token={data.token} speed={speed} />);
  }
  return true;
}

/**
 * The fan capture page. The server's HTML already shows the account's frame, the banner and
 * the title with a loading line, so the page is never blank; the form replaces the title and
 * loading line in one render, from the data written into the HTML (or asked from the API
 * when there is none). The frame itself is the server's and stays.
 */
async function boot(): Promise<void> {
  const text = await startFanText();
  attachLocaleSwitch();
  if (await bootPublicPage(text)) return;
  // The server writes #root inside the account's frame; without it (the bare capture.html) the page makes its own.
  const root = document.getElementById('root') ?? document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
  const slugs = slugsOf(location.pathname);
  const embedded = embeddedAnswer();
  let answer: PageAnswer =
    embedded ?? (slugs ? await fetchPage(slugs) : { ok: false, refusal: { reason: 'page-not-found', message: text.m.refusal['page-not-found'], errors: [] } });
  if (answer.ok && slugs) {
    answer = { ok: true, payload: withBrowserToken(slugs, answer.payload) };
    // The HTML page records no visit (the API's answer does): this browser reports its own.
    if (embedded) reportVisit(slugs, answer.payload.upload.token);
  }
  mount(root, text, <CapturePage answer={answer} slugs={slugs} />);
}

void boot();
