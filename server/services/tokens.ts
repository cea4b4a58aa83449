import { hash, randomBytes } from 'node:crypto';

/** A random secret for links and cookies; only its hash is stored. */
export function newSecret(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token) };
}

export function hashSecret(token: string): string {
  return hash('sha256', token);
}
