import type { Db } from '../../server/db';
import { backdateUser } from '../../server/db/repositories/demoSeedDates';
import { createUser } from '../../server/services/users';

const DAY = 24 * 3600_000;
const daysAgo = (days: number, hour = 14) => {
  const date = new Date(Date.now() - days * DAY);
  date.setUTCHours(hour, 17, 0, 0);
  return date.toISOString();
};

interface PlatformUser {
  email: string;
  firstName: string;
  lastName: string;
  type: 'admin' | 'artist-relations' | 'user';
  status: 'enabled' | 'disabled';
  joined: number;
  lastLogin: number | null;
}

/** The Platform Users list's variety: another admin, artist relations, a disabled user, real-looking dates. */
const USERS: PlatformUser[] = [
  { email: 'andre@example.com', firstName: 'Andre', lastName: 'Relations', type: 'artist-relations', status: 'enabled', joined: 210, lastLogin: 3 },
  { email: 'paula@example.com', firstName: 'Paula', lastName: 'Platt', type: 'admin', status: 'enabled', joined: 400, lastLogin: 1 },
  { email: 'dana@example.com', firstName: 'Dana', lastName: 'Dormant', type: 'user', status: 'disabled', joined: 320, lastLogin: 95 },
];

export async function seedPlatformUsers(db: Db, password: string): Promise<void> {
  for (const user of USERS) {
    const id = await createUser(db, { ...user, password, emailVerified: true });
    await backdateUser(db, id, daysAgo(user.joined, 9), user.lastLogin === null ? null : daysAgo(user.lastLogin));
  }
}
