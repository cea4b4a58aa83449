import { createRoot } from 'react-dom/client';
import { fetchPage, slugsOf, type PageAnswer } from './api';
import { CapturePage } from './CapturePage';
import { REFUSAL_MESSAGES } from '../domain/capture';

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

/**
 * The fan capture page. The server's HTML already shows the account's frame, the banner and
 * the title with a loading line, so the page is never blank; the form replaces the title and
 * loading line in one render, from the data written into the HTML (or asked from the API
 * when there is none). The frame itself is the server's and stays.
 */
async function boot(): Promise<void> {
  // The server writes #root inside the account's frame; without it (the bare capture.html) the page makes its own.
  const root = document.getElementById('root') ?? document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
  const slugs = slugsOf(location.pathname);
  const answer: PageAnswer =
    embeddedAnswer() ??
    (slugs ? await fetchPage(slugs) : { ok: false, refusal: { reason: 'page-not-found', message: REFUSAL_MESSAGES['page-not-found'], errors: [] } });
  root.textContent = '';
  createRoot(root).render(<CapturePage answer={answer} slugs={slugs} />);
}

void boot();
