import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config';

/**
 * Salted one-way keys for fans, so no raw IP address is ever stored: a visitor key
 * (address + user agent + account, for unique visitors) and an address key (for abuse limits).
 * The salt is VISITOR_SALT, else a secret kept in DATA_DIR (like the files' signing secret).
 */
export interface ClientKeys {
  visitor(address: string, userAgent: string, accountId: string): string;
  address(address: string): string;
}

function storedSalt(dataDir: string): string {
  const file = path.join(dataDir, '.visitor-salt');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const salt = randomBytes(32).toString('hex');
    try {
      fs.writeFileSync(file, salt, { mode: 0o600, flag: 'wx' });
      return salt;
    } catch {
      // Another process wrote it first.
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}

const cache = new WeakMap<object, ClientKeys>();

/** The keys for a configuration (made once per config object: the salt file is read once). */
export function clientKeysFor(config: Pick<Config, 'visitorSalt' | 'dataDir'>): ClientKeys {
  let keys = cache.get(config);
  if (!keys) cache.set(config, (keys = createClientKeys(config)));
  return keys;
}

export function createClientKeys(config: Pick<Config, 'visitorSalt' | 'dataDir'>): ClientKeys {
  const salt = config.visitorSalt ?? storedSalt(config.dataDir);
  const hash = (...parts: string[]) => createHash('sha256').update(salt).update('\n').update(parts.join('\n')).digest('base64url').slice(0, 32);
  return {
    visitor: (address, userAgent, accountId) => hash('visitor', address, userAgent, accountId),
    address: (address) => hash('address', address),
  };
}
