import { CAPTURE_TOKEN_HEADER } from '#shared/domain/capture';
import type { CapturePagePayload } from '#shared/domain/schemas/capture';

import { publicPagePath, type Slugs } from './wallApi';

const keyOf = (slugs: Slugs) => `capture.token:${slugs.accountSlug}/${slugs.pageSlug}`;
/** A kept token is swapped for the page's new one this long before it expires, so an upload never outlives it. */
const RENEW_BEFORE_MS = 2 * 3600_000;

/** Unix seconds a token (`id.expires.signature`) expires at, or 0 for anything else. */
const expiryOf = (token: string) => Number(token.split('.')[1]) || 0;

/**
 * This browser's capture token for the page: the one it kept from an earlier load while it has
 * time left, else the one the page just gave (then kept). The server's limits and visits count
 * per browser, so a reload is the same fan, and a crowd behind one address is many.
 */
export function browserToken(slugs: Slugs, given: string | undefined, now = Date.now()): string | undefined {
  try {
    const kept = localStorage.getItem(keyOf(slugs));
    if (kept && expiryOf(kept) * 1000 - RENEW_BEFORE_MS > now) return kept;
    if (given) localStorage.setItem(keyOf(slugs), given);
  } catch {
    // Private mode or full storage: the page's own token still works for this load.
  }
  return given;
}

/** The payload with this browser's token in it. */
export function withBrowserToken(slugs: Slugs, payload: CapturePagePayload): CapturePagePayload {
  const token = browserToken(slugs, payload.upload.token);
  return token === payload.upload.token ? payload : { ...payload, upload: { ...payload.upload, token } };
}

/** Reports this load as a visit (the HTML page records none); a lost report only loses a count. */
export function reportVisit(slugs: Slugs, token: string | undefined): void {
  fetch(`${publicPagePath(slugs)}/visits`, { method: 'POST', keepalive: true, headers: token ? { [CAPTURE_TOKEN_HEADER]: token } : {} }).catch(() => undefined);
}
