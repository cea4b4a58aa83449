import type { Insertable, Updateable } from 'kysely';
import type { Db } from '..';
import type { MusicianProfilesTable } from '../types';

/** Musicians' public profiles, one per user of type musician. */

export function findMusicianProfile(db: Db, userId: string) {
  return db.selectFrom('musicianProfiles').selectAll().where('userId', '=', userId).executeTakeFirst();
}

/** The profile's images, if it has a profile. */
export function findMusicianProfileImages(db: Db, userId: string) {
  return db.selectFrom('musicianProfiles').select(['image', 'image2', 'image3']).where('userId', '=', userId).executeTakeFirst();
}

/** Whether the user has a profile. */
export async function musicianProfileExists(db: Db, userId: string): Promise<boolean> {
  return !!(await db.selectFrom('musicianProfiles').select('userId').where('userId', '=', userId).executeTakeFirst());
}

/** Another user's profile with this slug, if any. */
export function findOtherProfileWithSlug(db: Db, slug: string, userId: string) {
  return db.selectFrom('musicianProfiles').select('userId').where('slug', '=', slug).where('userId', '!=', userId).executeTakeFirst();
}

export async function updateMusicianProfile(db: Db, userId: string, columns: Updateable<MusicianProfilesTable>): Promise<void> {
  await db.updateTable('musicianProfiles').set(columns).where('userId', '=', userId).execute();
}

export async function insertMusicianProfile(db: Db, profile: Insertable<MusicianProfilesTable>): Promise<void> {
  await db.insertInto('musicianProfiles').values(profile).execute();
}
