import { createRoot } from 'react-dom/client';
import { fetchPage, slugsOf, type PageAnswer } from './api';
import { CapturePage } from './CapturePage';
import { REFUSAL_MESSAGES } from '../domain/capture';

/**
 * The fan capture page. The server's HTML already shows the account, the banner and the
 * title with a loading line, so the page is never blank; it stays until the page's data is
 * in, then the form replaces it in one render.
 */
async function boot(): Promise<void> {
  const root = document.getElementById('root')!;
  const slugs = slugsOf(location.pathname);
  const answer: PageAnswer = slugs
    ? await fetchPage(slugs)
    : { ok: false, refusal: { reason: 'page-not-found', message: REFUSAL_MESSAGES['page-not-found'], errors: [] } };
  root.textContent = '';
  createRoot(root).render(<CapturePage answer={answer} slugs={slugs} />);
}

void boot();
