import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { storedSecret } from '../files/storedSecret';
import type { Config } from '../config';

/**
 * Secrets at rest (integration refresh tokens): AES-256-GCM with a key from SECRETS_KEY, else
 * a random key kept in DATA_DIR/.secrets-key (every process sharing DATA_DIR reads the same).
 * A sealed value is `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const cache = new WeakMap<object, SecretBox>();

export function secretBoxFor(config: Pick<Config, 'secretsKey' | 'dataDir'>): SecretBox {
  let box = cache.get(config);
  if (!box) cache.set(config, (box = createSecretBox(config.secretsKey ?? storedSecret(config.dataDir, '.secrets-key'))));
  return box;
}

function createSecretBox(secret: string): SecretBox {
  const key = createHash('sha256').update(secret).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
