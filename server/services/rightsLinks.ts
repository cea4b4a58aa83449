import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import { clientKeysFor } from './clientKeys';

/**
 * The fan's link to their rights page: no account, the mail's id with its expiry (unix seconds),
 * signed with the salt that signs the capture page's tokens. Anyone holding the link answers for
 * the clips of that mail only; changing a character of it makes it worthless.
 */
type LinkConfig = Pick<Config, 'visitorSalt' | 'dataDir' | 'baseUrl'>;

const signatureOf = (config: LinkConfig, linkId: string, expires: number) => clientKeysFor(config).sign('rights-link', linkId, String(expires));

export const rightsPagePath = (linkId: string) => `/rights/${linkId}`;

export function rightsLink(config: LinkConfig, linkId: string, expiresAt: string): string {
  const expires = Math.floor(Date.parse(expiresAt) / 1000);
  return `${config.baseUrl}${rightsPagePath(linkId)}?e=${expires}&s=${signatureOf(config, linkId, expires)}`;
}

/** 'forged' for a signature that is not ours, 'expired' past its time, else 'valid'. */
export function checkRightsLink(config: LinkConfig, linkId: string, expires: unknown, signature: unknown, now = Date.now()): 'valid' | 'forged' | 'expired' {
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return 'forged';
  const wanted = Buffer.from(signatureOf(config, linkId, Number(expires)));
  const given = Buffer.from(signature);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return 'forged';
  return Number(expires) * 1000 < now ? 'expired' : 'valid';
}
