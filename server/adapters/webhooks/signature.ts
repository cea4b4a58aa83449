import crypto from 'node:crypto';

/** A new endpoint secret: 32 random bytes, prefixed so it is recognisable in a config file. */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('hex')}`;
}

/**
 * The X-Webhook-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`.
 * The receiver recomputes it with the secret and refuses old timestamps (replays).
 */
export function signWebhook(secret: string, body: string, unixSeconds = Math.floor(Date.now() / 1000)): string {
  const mac = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** Checks a signature header as a receiver would: the MAC, and a timestamp within `toleranceSeconds`. */
export function verifyWebhook(secret: string, body: string, header: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1], 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
