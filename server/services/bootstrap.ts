import type { Config } from '../config';
import type { Db } from '../db';
import { createUser } from './users';
import { hasPlatformAdmin } from '../db/repositories/users';

/**
 * `npm start` on an empty database: create the first platform admin from ADMIN_EMAIL and
 * ADMIN_PASSWORD. Answers a message when that is impossible, undefined when all is well.
 */
export async function ensureFirstAdmin(db: Db, config: Config): Promise<string | undefined> {
  if (await hasPlatformAdmin(db)) return undefined;
  if (!config.adminEmail || !config.adminPassword) {
    return 'The database has no platform admin yet. Set ADMIN_EMAIL and ADMIN_PASSWORD (6 or more characters) to create the first one, then start again.';
  }
  await createUser(db, {
    email: config.adminEmail,
    password: config.adminPassword,
    firstName: 'Platform',
    lastName: 'Admin',
    type: 'admin',
    status: 'enabled',
    emailVerified: true,
  });
  return undefined;
}
