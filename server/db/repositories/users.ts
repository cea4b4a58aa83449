import { sql } from 'kysely';
import type { Db } from '..';
import type { NewUser, User } from '../types';
import type { UserStatus } from '#shared/domain/roles';
import { nowIso, takeOne, type Found, type Lookup } from '../rows';
import type { AdminUsersQuery } from '#shared/domain/schemas/adminUsers';
import { paginate, searchAny, type SortAllowList } from './paginate';

const SORTS: SortAllowList<AdminUsersQuery['sort']> = {
  name: [sql`lower(first_name)`, sql`lower(last_name)`, sql`id`],
  type: [sql`type`, sql`id`],
  status: [sql`status`, sql`id`],
  // '' before any date in both databases, so never-signed-in users sort the same everywhere.
  lastLogin: [sql`coalesce(last_login, '')`, sql`id`],
  createdAt: [sql`created_at`, sql`id`],
};

/** Platform Users: every user, searched by full name, filtered by status, one page of them. */
export function userRows(db: Db, query: AdminUsersQuery) {
  let rows = db.selectFrom('users').selectAll();
  if (query.q) rows = rows.where(searchAny([sql`first_name || ' ' || last_name`], query.q));
  if (query.status?.length) rows = rows.where('status', 'in', query.status);
  return paginate(rows, query, SORTS);
}

/** The user of an id, if there is one; with `{ required: true }` one that must exist. */
export function findUserById<Options extends Lookup = object>(db: Db, id: string, options?: Options): Promise<Found<User, Options>> {
  return takeOne(db.selectFrom('users').selectAll().where('id', '=', id), options);
}

/** The user of an email, however it was typed: emails are stored trimmed and lower-cased. */
export function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

/** Whether any platform admin exists. */
export async function hasPlatformAdmin(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('type', '=', 'admin').limit(1).executeTakeFirst());
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** The status of a user that must exist. */
export function getUserStatus(db: Db, id: string) {
  return db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow();
}

/** The names (and the processed-video mail preference, when given) of the user's own profile. */
export async function setUserProfile(db: Db, id: string, input: { firstName: string; lastName: string; videoProcessedEmails?: number }): Promise<void> {
  await db
    .updateTable('users')
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      ...(input.videoProcessedEmails === undefined ? {} : { videoProcessedEmails: input.videoProcessedEmails }),
      updatedAt: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** The General tab of Platform Users: names, email, and the verified flag and mail preference when given. */
export async function setAdminUserGeneral(
  db: Db,
  id: string,
  input: { firstName: string; lastName: string; email: string; emailVerified?: number; videoProcessedEmails?: number },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
      ...(input.emailVerified === undefined ? {} : { emailVerified: input.emailVerified }),
      ...(input.videoProcessedEmails === undefined ? {} : { videoProcessedEmails: input.videoProcessedEmails }),
      updatedAt: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

export async function setUserLocale(db: Db, id: string, locale: string): Promise<void> {
  await db.updateTable('users').set({ locale, updatedAt: nowIso() }).where('id', '=', id).execute();
}

export async function setUserPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ passwordHash, updatedAt: nowIso() }).where('id', '=', id).execute();
}

/** A password chosen through a mailed link: the email is verified too, and the status becomes `status`. */
export async function setUserPasswordFromLink(db: Db, id: string, passwordHash: string, status: UserStatus): Promise<void> {
  await db.updateTable('users').set({ passwordHash, emailVerified: 1, status, updatedAt: nowIso() }).where('id', '=', id).execute();
}

/** A new email, verified (its link was followed). */
export async function setVerifiedEmail(db: Db, id: string, email: string): Promise<void> {
  await db.updateTable('users').set({ email, emailVerified: 1, updatedAt: nowIso() }).where('id', '=', id).execute();
}

/** The email marked verified, the status becoming `status`. */
export async function markEmailVerified(db: Db, id: string, status: UserStatus): Promise<void> {
  await db.updateTable('users').set({ emailVerified: 1, status, updatedAt: nowIso() }).where('id', '=', id).execute();
}

export async function setUserStatus(db: Db, id: string, status: UserStatus): Promise<void> {
  await db.updateTable('users').set({ status, updatedAt: nowIso() }).where('id', '=', id).execute();
}

/** The avatar's url; null removes it. */
export async function setUserAvatar(db: Db, id: string, avatar: string | null): Promise<void> {
  await db.updateTable('users').set({ avatar, updatedAt: nowIso() }).where('id', '=', id).execute();
}

export async function touchLastLogin(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ lastLogin: nowIso() }).where('id', '=', userId).execute();
}

/** The id and type of a user, if there is one. */
export function findUserType(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'type']).where('id', '=', id).executeTakeFirst();
}
