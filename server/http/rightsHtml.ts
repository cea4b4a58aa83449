import { escapeHtml as e } from './html';
import { fanDate, type FanText } from './fanText';
import type { RightsStatus } from '#shared/domain/rights';

/** One clip of the fan's mail as their rights page lists it. */
export interface RightsPageClip {
  id: string;
  status: RightsStatus;
  type: string;
  page: string;
  uploadedAt: string;
  /** A signed address of its poster or photo: two clips of one page and day are told apart by it. */
  picture: string | null;
}

export interface RightsPageView {
  account: string;
  version: number;
  text: string;
  clips: RightsPageClip[];
  /** The link's own query (e and s), which each form posts back. */
  e: string;
  s: string;
  notice?: 'saved' | 'invalid';
}

const STYLE = `
      body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.5; color: #1f1f1f; background: #fafafa; }
      main { max-width: 40rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
      h1 { font-size: 1.6rem; margin: 0 0 1rem; }
      h2 { font-size: 1.15rem; margin: 1.5rem 0 0.5rem; }
      blockquote { margin: 0; padding: 0.75rem 1rem; background: #fff; border-left: 4px solid #1565c0; white-space: pre-line; }
      ul { list-style: none; padding: 0; }
      li { background: #fff; border: 1px solid #d0d0d0; border-radius: 8px; padding: 0.75rem 1rem; margin: 0 0 0.75rem; }
      h3 { font-size: 1rem; margin: 0 0 0.25rem; }
      li img { display: block; width: 100%; max-width: 16rem; aspect-ratio: 16 / 9; object-fit: contain; background: #111; border-radius: 6px; margin: 0 0 0.5rem; }
      p { margin: 0 0 0.75rem; }
      form { display: flex; flex-wrap: wrap; gap: 0.5rem; }
      button { font: inherit; min-height: 44px; padding: 0.5rem 1rem; border-radius: 6px; border: 1px solid #1565c0; background: #fff; color: #0d47a1; cursor: pointer; }
      button.primary { background: #1565c0; color: #fff; }
      .notice { padding: 0.75rem 1rem; border-radius: 6px; background: #e8f5e9; color: #1b5e20; }
      .notice.error { background: #fdecea; color: #8a1c13; }
`;

function shell(text: FanText, title: string, body: string): string {
  return `<!doctype html>
<html lang="${text.locale}">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <meta name="referrer" content="no-referrer" />
    <title>${e(title)}</title>
    <link rel="icon" href="data:," />
    <style>${STYLE}</style>
  </head>
  <body>
    <main>
      ${body}
    </main>
  </body>
</html>
`;
}

function clipItem(text: FanText, view: RightsPageView, clip: RightsPageClip, index: number): string {
  const { m, f } = text;
  const heading = f(m.rights.clip, {
    kind: clip.type === 'image' ? m.rights.image : m.rights.video,
    page: clip.page,
    date: fanDate(text.locale, clip.uploadedAt),
  });
  const button = (answer: string, label: string, primary = false) =>
    `<button type="submit" name="answer" value="${answer}"${primary ? ' class="primary"' : ''}>${e(label)}</button>`;
  const buttons =
    clip.status === 'requested'
      ? button('granted', m.rights.grant, true) + button('declined', m.rights.decline)
      : clip.status === 'granted'
        ? button('revoked', m.rights.revoke)
        : '';
  const status = clip.status in m.rights.status ? m.rights.status[clip.status as keyof typeof m.rights.status] : '';
  const form = buttons
    ? `<form method="post" aria-labelledby="clip-${index}"><input type="hidden" name="e" value="${e(view.e)}" /><input type="hidden" name="s" value="${e(view.s)}" /><input type="hidden" name="request" value="${e(clip.id)}" />${buttons}</form>`
    : '';
  // The heading names the clip; the picture only shows which one it is.
  const picture = clip.picture ? `<img src="${e(clip.picture)}" alt="" loading="lazy" />` : '';
  return `<li><h3 id="clip-${index}">${e(heading)}</h3>${picture}<p>${e(status)}</p>${form}</li>`;
}

/** The fan's rights page: the account's request, the release text with its version, each clip with its answer buttons. No script. */
export function renderRightsHtml(text: FanText, view: RightsPageView): string {
  const { m, f } = text;
  const notice = view.notice
    ? `<p class="notice${view.notice === 'invalid' ? ' error' : ''}" role="status">${e(view.notice === 'saved' ? m.rights.saved : m.rights.invalid)}</p>`
    : '';
  return shell(
    text,
    m.rights.title,
    `<h1>${e(m.rights.title)}</h1>
      ${notice}
      <p>${e(f(m.rights.intro, { account: view.account }))}</p>
      <h2>${e(f(m.rights.textHeading, { version: view.version }))}</h2>
      <blockquote>${e(view.text)}</blockquote>
      <ul>${view.clips.map((clip, index) => clipItem(text, view, clip, index)).join('')}</ul>`,
  );
}

/** A link that cannot be answered: forged, expired, or with nothing left to answer. */
export function renderRightsRefusal(text: FanText, reason: 'forged' | 'expired' | 'gone' | 'invalid'): string {
  return shell(text, text.m.rights.title, `<h1>${e(text.m.rights.title)}</h1>\n      <p role="alert">${e(text.m.rights[reason])}</p>`);
}
