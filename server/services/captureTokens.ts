import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import { CAPTURE_DEFAULTS } from '#shared/domain/capture';
import { clientKeysFor } from './clientKeys';

type KeyConfig = Pick<Config, 'visitorSalt' | 'dataDir'>;

/** Longest token text read from a request; anything longer is no token. */
const MAX_TOKEN_LENGTH = 100;

/**
 * A capture page's browser token: `{id}.{expires}.{signature}`, a random id,
 * its expiry (unix seconds) and an HMAC over both and the page's id with the visitor salt. The
 * page gets a new one with each load and sends it back on tus creation and on the submission,
 * so the upload limits count per browser: a crowd behind one address is many browsers. Anyone
 * may mint tokens by loading the page; page loads are limited per address and the unsubmitted
 * bytes per page and overall bound what minted tokens can hold.
 */
export function issueCaptureToken(config: KeyConfig, pageId: string, now = Date.now()): string {
  const id = randomBytes(16).toString('base64url');
  const expires = String(Math.floor(now / 1000) + CAPTURE_DEFAULTS.tokenTtlHours * 3600);
  return `${id}.${expires}.${clientKeysFor(config).sign('capture-token', pageId, id, expires)}`;
}

/** The id of a token this server gave for this page and not yet expired; undefined for anything else. */
export function captureTokenId(config: KeyConfig, pageId: string, token: unknown, now = Date.now()): string | undefined {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
  const [id, expires, signature, ...rest] = token.split('.');
  if (!id || !expires || !signature || rest.length > 0 || !/^\d{1,12}$/.test(expires)) return undefined;
  if (Number(expires) * 1000 <= now) return undefined;
  const expected = Buffer.from(clientKeysFor(config).sign('capture-token', pageId, id, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
}
