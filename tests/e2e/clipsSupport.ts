import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../server/db';
import type { Fingerprint } from '../../server/adapters/media/fingerprint';
import { resolveMediaTools } from '../../server/adapters/media/tools';
import { withServerDb } from './support';

/**
 * Real clips in the e2e server: stored as webm (what this Chromium plays) on a page of their own
 * of The Midnight Owls, ten minutes apart in the given order, each fingerprinted and passed to
 * `record` as the fingerprint job does; and removed with their page and files afterwards.
 */
export interface SeededClips {
  /** Filled in as they are made: what a failed set-up made is removed too. */
  pageId: string;
  /** The uploads, in the order of their sources. */
  ids: string[];
}

export type RecordFingerprint = (db: Db, upload: { id: string; accountId: string; createdAt: string }, fingerprint: Fingerprint) => Promise<void>;

export async function seedClips(seeded: SeededClips, pageName: string, sources: string[], record: RecordFingerprint): Promise<void> {
  const { createPage } = await import('../../server/services/pages');
  const { newId } = await import('../../server/db/rows');
  const { fingerprintClip } = await import('../../server/adapters/media/fingerprint');
  const ffmpeg = resolveMediaTools({ ffmpegPath: process.env.FFMPEG_PATH }).ffmpeg;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-e2e-clips-'));
  try {
    await withServerDb(async ({ db, config }) => {
      const account = await db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow();
      seeded.pageId = (await createPage(db, account.id, pageName)).id;
      for (const [i, source] of sources.entries()) {
        const id = newId();
        const key = `uploads/${account.id}/${id}/video.webm`;
        const file = path.join(config.dataDir, 'files', ...key.split('/'));
        fs.mkdirSync(path.dirname(file), { recursive: true });
        execFileSync(ffmpeg, ['-y', '-loglevel', 'error', '-i', source, '-c:v', 'libvpx', '-b:v', '150k', '-c:a', 'libopus', '-b:a', '48k', file]);
        const createdAt = new Date(Date.now() - (sources.length - i) * 600_000).toISOString();
        await db
          .insertInto('uploads')
          .values({
            id,
            accountId: account.id,
            pageId: seeded.pageId,
            type: 'video',
            status: 'processed',
            encodingStatus: 'processed',
            original: key,
            mp4: null,
            webm: key,
            thumbnail: null,
            image: null,
            encodingError: null,
            customThumbnail: null,
            approvedAt: createdAt,
            isHidden: 0,
            isAllowed: 1,
            viewCount: 0,
            likeCount: 0,
            shareToken: newId(),
            tags: '[]',
            moderationStatus: 'processed',
            moderationLabels: '[]',
            createdAt,
            updatedAt: createdAt,
          })
          .execute();
        // Listed for removal before it is fingerprinted: a failure there still leaves nothing behind.
        seeded.ids.push(id);
        const fingerprint = await fingerprintClip(ffmpeg, file, true, 60, fs.mkdtempSync(path.join(scratch, 'clip-')));
        await record(db, { id, accountId: account.id, createdAt }, fingerprint);
      }
    });
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Removes the clips' uploads (their fingerprints, angles and duplicates go with them), files and page. */
export async function removeClips({ pageId, ids }: SeededClips): Promise<void> {
  await withServerDb(async ({ db, config }) => {
    const account = await db.selectFrom('accounts').select('id').where('slug', '=', 'midnightowls').executeTakeFirstOrThrow();
    if (ids.length) await db.deleteFrom('uploads').where('id', 'in', ids).execute();
    if (pageId) await db.deleteFrom('pages').where('id', '=', pageId).execute();
    for (const id of ids) fs.rmSync(path.join(config.dataDir, 'files', 'uploads', account.id, id), { recursive: true, force: true });
  });
}
