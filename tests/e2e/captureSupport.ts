import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makePng } from '../fixtures/images';
import { withServerDb } from './support';
import type { PageStatus } from '#shared/domain/pageStatus';
import { resolveMediaTools } from '../../server/adapters/media/tools';

/** ffmpeg as the server finds it (FFMPEG_PATH, PATH, or the npm-shipped copy): the test's clips are real encodes, not fixtures. */
const ffmpeg = resolveMediaTools({ ffmpegPath: process.env.FFMPEG_PATH }).ffmpeg;
const clipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-e2e-'));

/** A few seconds of H.264 mp4 (testsrc with a tone), made once per run. */
export function h264Clip(seconds = 4): string {
  const file = path.join(clipDir, `clip-${seconds}s.mp4`);
  if (!fs.existsSync(file)) {
    execFileSync(ffmpeg, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=640x360:rate=30`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      '-y',
      file,
    ]);
  }
  return file;
}

/** An iPhone-style HEVC .mov (hvc1 tag). */
export function hevcMov(seconds = 3): string {
  const file = path.join(clipDir, `iphone-${seconds}s.mov`);
  if (!fs.existsSync(file)) {
    execFileSync(ffmpeg, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=duration=${seconds}:size=640x360:rate=30`,
      '-c:v',
      'libx265',
      '-x265-params',
      'log-level=error',
      '-tag:v',
      'hvc1',
      '-pix_fmt',
      'yuv420p',
      '-y',
      file,
    ]);
  }
  return file;
}

/** A real JPEG photo. */
export function jpegPhoto(): string {
  const file = path.join(clipDir, 'photo.jpg');
  if (!fs.existsSync(file)) execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=800x600', '-frames:v', '1', '-y', file]);
  return file;
}

const FLAGS = [
  'captureName',
  'captureEmail',
  'captureCountry',
  'captureCityState',
  'captureZip',
  'captureDob',
  'capturePhone',
  'captureInstagram',
  'captureTiktok',
  'captureVenueCity',
  'captureSongList',
  'captureArtist',
  'captureMarketingConsent',
] as const;

async function pageIdOf(accountSlug: string, pageSlug: string) {
  return withServerDb(async ({ db }) => {
    const row = await db
      .selectFrom('pages')
      .innerJoin('accounts', 'accounts.id', 'pages.accountId')
      .select(['pages.id', 'pages.accountId'])
      .where('accounts.slug', '=', accountSlug)
      .where('pages.slug', '=', pageSlug)
      .executeTakeFirstOrThrow();
    return row;
  });
}

/**
 * Turns on every capture field of a demo page, with lists, two custom terms and a banner; its
 * account gets both colours and links. Answers how to undo it: the specs share one server, and
 * a page that asks for every field would change what the specs after this one fill in.
 */
export async function captureEverything(accountSlug: string, pageSlug: string, terms: string[]): Promise<() => Promise<void>> {
  const { id, accountId } = await pageIdOf(accountSlug, pageSlug);
  const pageColumns = [...FLAGS, 'artistList', 'customTerms', 'image'] as const;
  const accountColumns = ['primaryColor', 'secondaryColor', 'links'] as const;
  const before = await withServerDb(async ({ db }) => ({
    page: await db.selectFrom('pages').select(pageColumns).where('id', '=', id).executeTakeFirstOrThrow(),
    account: await db.selectFrom('accounts').select(accountColumns).where('id', '=', accountId).executeTakeFirstOrThrow(),
  }));
  const dataDir = process.env.E2E_DATA_DIR ?? path.resolve('.tmp/e2e');
  const bannerFile = path.join(dataDir, 'files', 'e2e', 'banner.png');
  fs.mkdirSync(path.dirname(bannerFile), { recursive: true });
  fs.writeFileSync(bannerFile, makePng(1280, 720));
  await withServerDb(async ({ db }) => {
    await db
      .updateTable('pages')
      .set({
        ...Object.fromEntries(FLAGS.map((flag) => [flag, 1])),
        artistList: 'The Midnight Owls\nGuest: Ada Strings',
        customTerms: JSON.stringify(terms),
        image: '/files/e2e/banner.png',
      })
      .where('id', '=', id)
      .execute();
    await db
      .updateTable('accounts')
      .set({
        primaryColor: '#7c3aed',
        secondaryColor: '#0f766e',
        links: JSON.stringify({
          primary: 'https://midnightowls.example.com',
          header: [
            { label: 'Tickets', link: 'https://midnightowls.example.com/tickets', type: 'external', primary: true },
            { label: 'Music', link: 'https://midnightowls.example.com/music', type: 'external' },
          ],
          footer: [{ label: 'Privacy', link: 'https://midnightowls.example.com/privacy', type: 'external' }],
        }),
      })
      .where('id', '=', accountId)
      .execute();
  });
  return () =>
    withServerDb(async ({ db }) => {
      await db.updateTable('pages').set(before.page).where('id', '=', id).execute();
      await db.updateTable('accounts').set(before.account).where('id', '=', accountId).execute();
    });
}

export async function setPage(accountSlug: string, pageSlug: string, values: { status?: PageStatus; allowSubmissions?: number }): Promise<void> {
  const { id } = await pageIdOf(accountSlug, pageSlug);
  await withServerDb(({ db }) => db.updateTable('pages').set(values).where('id', '=', id).execute());
}

/** Changes some of an account's plan limits (e.g. uploads: 0 for a reached cap); answers how to undo it. */
export async function patchAccountLimits(accountSlug: string, patch: Record<string, unknown>): Promise<() => Promise<void>> {
  const before = await withServerDb(
    async ({ db }) => (await db.selectFrom('accounts').select('planLimits').where('slug', '=', accountSlug).executeTakeFirstOrThrow()).planLimits,
  );
  const set = (planLimits: string) => withServerDb(({ db }) => db.updateTable('accounts').set({ planLimits }).where('slug', '=', accountSlug).execute());
  await set(JSON.stringify({ ...JSON.parse(before), ...patch }));
  return async () => void (await set(before));
}

/** The latest submission of a page with its upload and consent record. */
export async function latestSubmission(accountSlug: string, pageSlug: string) {
  const { id } = await pageIdOf(accountSlug, pageSlug);
  return withServerDb(async ({ db }) => {
    const submission = await db.selectFrom('submissions').selectAll().where('pageId', '=', id).orderBy('createdAt', 'desc').executeTakeFirst();
    if (!submission) return undefined;
    const upload = submission.uploadId ? await db.selectFrom('uploads').selectAll().where('id', '=', submission.uploadId).executeTakeFirst() : undefined;
    const consent = await db.selectFrom('consentRecords').selectAll().where('submissionId', '=', submission.id).executeTakeFirst();
    return { submission, upload, consent };
  });
}
