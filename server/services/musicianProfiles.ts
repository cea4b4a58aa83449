import type { Db } from '../db';
import type { MusicianProfilesTable } from '../db/types';
import { isUniqueViolation, nowIso, parseJson } from '../db/rows';
import { fieldError, HttpError, orNotFound } from '../errors';
import { requiredRichText, sanitizeRichText } from '../http/richText';
import { promoteTmpFiles, type FileStore } from '../files';
import { droppedUrls, releaseFiles } from './fileReferences';
import { emptySchedule, sortDaysOff, type ScheduleOff, type WeeklySchedule } from '#shared/domain/schedule';
import type { MusicianInput, MusicianProfile } from '#shared/domain/schemas/musician';
import { findUserType } from '../db/repositories/users';
import * as profiles from '../db/repositories/musicianProfiles';

type Row = MusicianProfilesTable;

/** The user the profile belongs to: 404 when absent, 400 when not of type musician. */
async function findMusicianUser(db: Db, userId: string) {
  const user = orNotFound(await findUserType(db, userId), 'user');
  if (user.type !== 'musician') throw new HttpError(400, 'ValidationError', 'app.server.notAMusician');
  return user;
}

function dto(userId: string, row: Row | undefined): MusicianProfile {
  const schedule = { ...emptySchedule(), ...parseJson<Partial<WeeklySchedule>>(row?.schedule, {}) };
  return {
    userId,
    status: row?.status ?? 'pending',
    slug: row?.slug ?? '',
    featured: row?.featured === 1,
    featurePosition: row?.featurePosition ?? null,
    image: row?.image ?? null,
    image2: row?.image2 ?? null,
    image3: row?.image3 ?? null,
    summary: row?.summary ? sanitizeRichText(row.summary) : '',
    instruments: parseJson<string[]>(row?.instruments, []),
    band: row?.band ?? '',
    location: row?.location ?? '',
    facebook: row?.facebook ?? '',
    instagram: row?.instagram ?? '',
    youtube: row?.youtube ?? '',
    twitter: row?.twitter ?? '',
    website: row?.website ?? '',
    customembed: row?.customembed ?? '',
    enableLessons: row?.enableLessons === null || row?.enableLessons === undefined ? null : row.enableLessons === 1,
    halfHourRate: row?.halfHourRate ?? null,
    hourRate: row?.hourRate ?? null,
    locationOnline: row?.locationOnline === 1,
    locationMusician: row?.locationMusician === 1,
    locationStudent: row?.locationStudent === 1,
    lessonLocation: row?.lessonLocation ?? '',
    lessonAvailability: row?.lessonAvailability ?? null,
    migrateScheduling: row?.migrateScheduling === 1,
    timezone: row?.timezone ?? '',
    schedule,
    scheduleOffs: sortDaysOff(parseJson<ScheduleOff[]>(row?.scheduleOffs, [])),
    exists: !!row,
  };
}

export async function getMusicianProfile(db: Db, userId: string): Promise<MusicianProfile> {
  await findMusicianUser(db, userId);
  const row = await profiles.findMusicianProfile(db, userId);
  return dto(userId, row);
}

/** Columns of the lesson offering; written only while lessons are on, so turning them off loses nothing. */
function lessonColumns(input: MusicianInput) {
  return {
    halfHourRate: input.halfHourRate,
    hourRate: input.hourRate,
    locationOnline: input.locationOnline ? 1 : 0,
    locationMusician: input.locationMusician ? 1 : 0,
    locationStudent: input.locationStudent ? 1 : 0,
    lessonLocation: input.locationMusician || input.locationStudent ? input.lessonLocation : null,
    timezone: input.timezone,
    schedule: JSON.stringify(input.schedule),
    scheduleOffs: JSON.stringify(input.scheduleOffs),
  };
}

/** What a first save starts from before its own columns (lessons off writes no lesson columns). */
const NEW_PROFILE = { status: 'pending', locationOnline: 0, locationMusician: 0, locationStudent: 0, schedule: '{}', scheduleOffs: '[]' };

const orNull = (value: string) => value || null;

const slugTaken = () => fieldError('slug', 'app.validation.musicianSlugTaken');

/** The three images: the column, its temporary field (spec names), whether null removes it. */
const IMAGES = [
  { column: 'image', tmp: 'imageTmp', removable: false },
  { column: 'image2', tmp: 'imageTmp2', removable: true },
  { column: 'image3', tmp: 'imageTmp3', removable: true },
] as const;

/** New uploads moved into place, and image2 / image3 sent as null removed; untouched images absent. */
async function imageChanges(db: Db, upload: ImageUpload | undefined, userId: string, input: MusicianInput) {
  const wanted = IMAGES.filter((image) => input[image.tmp]?.trim());
  if (wanted.length && !upload) throw new Error('saving musician images needs the file store');
  const urls = upload
    ? await promoteTmpFiles(
        { db, files: upload.files },
        upload.uploaderId,
        wanted.map((image) => ({ field: image.tmp, value: input[image.tmp], destPrefix: `musicians/${userId}/${image.column}` })),
      )
    : {};
  const changes: Partial<Record<(typeof IMAGES)[number]['column'], string | null>> = {};
  for (const image of IMAGES) {
    if (urls[image.tmp]) changes[image.column] = urls[image.tmp];
    else if (image.removable && input[image.column] === null) changes[image.column] = null;
  }
  return changes;
}

interface ImageUpload {
  files: FileStore;
  /** Who uploaded the temporary files (only their own uploads are taken). */
  uploaderId: string;
}

async function assertSlugFree(db: Db, slug: string, userId: string) {
  const taken = await profiles.findOtherProfileWithSlug(db, slug, userId);
  if (taken) throw slugTaken();
}

/**
 * Saves the profile: the slug and every new image are checked before anything is written,
 * images are moved into place, then the row is written in one transaction.
 */
export async function saveMusicianProfile(db: Db, userId: string, input: MusicianInput, upload?: ImageUpload): Promise<MusicianProfile> {
  await findMusicianUser(db, userId);
  await assertSlugFree(db, input.slug, userId);
  const summary = requiredRichText('summary', input.summary);
  const before = await profiles.findMusicianProfileImages(db, userId);
  const images = await imageChanges(db, upload, userId, input);
  await db.transaction().execute(async (trx) => {
    await assertSlugFree(trx, input.slug, userId);
    const existing = await profiles.musicianProfileExists(trx, userId);
    const columns = {
      slug: input.slug,
      featured: input.featured ? 1 : 0,
      featurePosition: input.featurePosition,
      summary,
      instruments: JSON.stringify(input.instruments),
      band: orNull(input.band),
      location: orNull(input.location),
      facebook: orNull(input.facebook),
      instagram: orNull(input.instagram),
      youtube: orNull(input.youtube),
      twitter: orNull(input.twitter),
      website: orNull(input.website),
      customembed: orNull(input.customembed),
      enableLessons: input.enableLessons ? 1 : 0,
      migrateScheduling: input.migrateScheduling ? 1 : 0,
      ...(input.enableLessons ? lessonColumns(input) : {}),
      ...images,
      updatedAt: nowIso(),
    };
    try {
      if (existing) await profiles.updateMusicianProfile(trx, userId, columns);
      else await profiles.insertMusicianProfile(trx, { ...NEW_PROFILE, userId, ...columns });
    } catch (error) {
      throw isUniqueViolation(error) ? slugTaken() : error;
    }
  });
  if (before && upload) await releaseFiles({ db, files: upload.files }, droppedUrls(before, images));
  return getMusicianProfile(db, userId);
}
