import type { Db } from '../server/db';
import { findUserByEmail } from '../server/db/repositories/users';
import { createUser } from '../server/services/users';
import { addMember, createAccount } from '../server/services/accountCreate';
import { seedPages } from './seed/pages';
import { seedPlatformUsers } from './seed/platformUsers';
import { seedMusicians } from './seed/musicians';
import { seedAccounts } from './seed/accounts';

export const DEMO_PASSWORD = 'demo1234';

/**
 * Fills an empty database with the demo. Idempotent: a database that already has the demo
 * users is left alone. Later screens add their content here.
 */
export async function seedDemo(db: Db): Promise<void> {
  if (await findUserByEmail(db, 'admin@example.com')) return;
  const common = { password: DEMO_PASSWORD, emailVerified: true, status: 'enabled' as const };
  await createUser(db, { ...common, email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', type: 'admin' });
  const owner = await createUser(db, { ...common, email: 'owner@example.com', firstName: 'Olivia', lastName: 'Owens' });
  const user = await createUser(db, { ...common, email: 'user@example.com', firstName: 'Umar', lastName: 'Ulrich' });
  const readonly = await createUser(db, { ...common, email: 'readonly@example.com', firstName: 'Rita', lastName: 'Reed' });
  // Signed up but never followed the verification link: sign-in shows the resend option.
  const unverified = await createUser(db, {
    ...common,
    emailVerified: false,
    status: 'pending',
    email: 'unverified@example.com',
    firstName: 'Uma',
    lastName: 'Vance',
  });

  const manager = await createUser(db, { ...common, email: 'sam@example.com', firstName: 'Sam', lastName: 'Rivera' });
  const band = await createAccount(db, { name: 'The Midnight Owls', slug: 'midnightowls', plan: 'pro' });
  const team = await createAccount(db, { name: 'Harbor City FC', slug: 'harborcityfc', plan: 'free' });
  await addMember(db, band, owner, 'owner');
  await addMember(db, band, user, 'user');
  await addMember(db, band, readonly, 'readonly');
  await addMember(db, band, unverified, 'user');
  await addMember(db, band, manager, 'admin');
  await addMember(db, team, owner, 'owner');
  await seedPages(db, { band, team });
  await seedPlatformUsers(db, DEMO_PASSWORD);
  await seedMusicians(db, DEMO_PASSWORD);
  await seedAccounts(db);
}
