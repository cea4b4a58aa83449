import { createHash, createHmac } from 'node:crypto';
import { storedSecret } from '../files/storedSecret';
import { normalizeIP } from '@fastify/rate-limit';
import type { Config } from '../config';

/**
 * Salted one-way keys for fans, so no raw IP address is ever stored: a visitor key
 * (address + user agent + account, for unique visitors) and an address key (for abuse limits:
 * an IPv6 client is its /64, which one subscriber or host holds whole; an IPv4-mapped IPv6
 * address is its IPv4 one). The salt is VISITOR_SALT, else a secret kept in DATA_DIR (like the
 * files' signing secret); it also signs the capture page's browser tokens.
 */
export interface ClientKeys {
  visitor(address: string, userAgent: string, accountId: string): string;
  address(address: string): string;
  /** An HMAC of the parts with the salt (base64url, 32 characters). */
  sign(...parts: string[]): string;
}

/** The network an address stands for: an IPv6 address's /64, an IPv4 (or IPv4-mapped) address itself. */
const addressGroupOf = (address: string): string => {
  try {
    return normalizeIP(address, 64);
  } catch {
    return address.toLowerCase();
  }
};

const cache = new WeakMap<object, ClientKeys>();

/** The keys for a configuration (made once per config object: the salt file is read once). */
export function clientKeysFor(config: Pick<Config, 'visitorSalt' | 'dataDir'>): ClientKeys {
  let keys = cache.get(config);
  if (!keys) cache.set(config, (keys = createClientKeys(config)));
  return keys;
}

function createClientKeys(config: Pick<Config, 'visitorSalt' | 'dataDir'>): ClientKeys {
  const salt = config.visitorSalt ?? storedSecret(config.dataDir, '.visitor-salt');
  const hash = (...parts: string[]) => createHash('sha256').update(salt).update('\n').update(parts.join('\n')).digest('base64url').slice(0, 32);
  return {
    visitor: (address, userAgent, accountId) => hash('visitor', address, userAgent, accountId),
    address: (address) => hash('address', addressGroupOf(address)),
    sign: (...parts) => createHmac('sha256', salt).update(parts.join('\n')).digest('base64url').slice(0, 32),
  };
}
