import { sql, type Updateable } from 'kysely';
import type { Db } from '..';
import type { NewUser, User, UsersTable } from '../types';
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

/** What a user's own and staff's edits change: never its id, type or dates (a sign-in is touchLastLogin). */
export type UserChanges = Omit<Updateable<UsersTable>, 'id' | 'type' | 'lastLogin' | 'createdAt' | 'updatedAt'>;

/** Changes columns of one user; stamps updatedAt. Undefined fields are left as they are. */
export async function updateUser(db: Db, id: string, changes: UserChanges): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...changes, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** A sign-in, which is no change of the user: updatedAt stays. */
export async function touchLastLogin(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ lastLogin: nowIso() }).where('id', '=', userId).execute();
}

/** The id and type of a user, if there is one. */
export function findUserType(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'type']).where('id', '=', id).executeTakeFirst();
}
