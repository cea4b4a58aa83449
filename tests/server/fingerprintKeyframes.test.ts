import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/rows';
import { denseKeyframes, fingerprintClip, type Fingerprint } from '../../server/adapters/media/fingerprint';
import { probeClip } from '../../server/adapters/media/probe';
import { recordFingerprint } from '../../server/services/duplicates';
import { makeDuplicateClips, type LabelledClip } from '../fixtures/duplicateClips';
import { pendingUpload, tools } from '../fixtures/media';
import { createTestApp, demoAccounts, testDatabases, type TestApp } from './helpers';

/**
 * A clip with a keyframe every second (as phones write them) is fingerprinted from its keyframes
 * alone. The labelled set of possible duplicates (one keyframe a clip: fingerprinted from all its
 * frames) is written again as phones do, one keyframe a second with B-frames, in H.264 and a few
 * in HEVC, with copies trimmed off the beat; both sets together must still pair exactly the
 * copies of one footage, whichever way each side was fingerprinted.
 */

let clips: LabelledClip[];
let prints: Map<string, Fingerprint>;
let keyframed: Set<string>;
/** The clips written as phones write them, one keyframe a second. */
let phoneNames: string[];
let scratch: string;

const ffmpeg = (...args: string[]) => execFileSync(tools.ffmpeg, ['-v', 'error', '-y', ...args]);
const phone = ['-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '64k'];
const h264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '400k', ...phone];
const hevc = ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-tag:v', 'hvc1', ...phone];

beforeAll(async () => {
  const labelled = makeDuplicateClips();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-keyframes-'));
  const file = (name: string, ext = 'mp4') => path.join(scratch, `${name}.${ext}`);
  const phoneClips: LabelledClip[] = labelled.map((clip) => {
    ffmpeg('-i', clip.file, ...h264, file(`${clip.name}-phone`));
    return { name: `${clip.name}-phone`, file: file(`${clip.name}-phone`), family: clip.family };
  });
  for (const source of labelled.filter((clip) => clip.name === clip.family && !clip.name.includes('-')).slice(0, 3)) {
    ffmpeg('-i', source.file, ...hevc, file(`${source.name}-hevc`, 'mov'));
    ffmpeg('-ss', '0.37', '-i', source.file, ...h264, file(`${source.name}-offbeat`));
    phoneClips.push({ name: `${source.name}-hevc`, file: file(`${source.name}-hevc`, 'mov'), family: source.family });
    phoneClips.push({ name: `${source.name}-offbeat`, file: file(`${source.name}-offbeat`), family: source.family });
  }
  phoneNames = phoneClips.map((clip) => clip.name);
  clips = [...labelled, ...phoneClips];
  prints = new Map();
  keyframed = new Set();
  for (let i = 0; i < clips.length; i += 2) {
    const pair = clips.slice(i, i + 2);
    const made = await Promise.all(
      pair.map(async (clip) => {
        const keyframesOnly = denseKeyframes((await probeClip(tools.ffprobe, clip.file)).timing);
        if (keyframesOnly) keyframed.add(clip.name);
        return fingerprintClip(tools.ffmpeg, clip.file, true, 60, fs.mkdtempSync(path.join(scratch, 'clip-')), undefined, keyframesOnly);
      }),
    );
    pair.forEach((clip, j) => prints.set(clip.name, made[j]));
  }
}, 300_000);
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const pairKey = (a: string, b: string) => [a, b].sort().join(' + ');

// The look-up is the duplicates test's, the same on both databases: SQLite only.
describe.each(testDatabases.slice(0, 1))('fingerprints from keyframes ($name)', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { band } = await demoAccounts(t.db);
    const pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    const start = Date.parse('2026-11-20T20:00:00.000Z');
    for (const [i, clip] of clips.entries()) {
      const id = newId();
      const createdAt = new Date(start + i * 60_000).toISOString();
      await t.db
        .insertInto('uploads')
        .values({
          ...pendingUpload({ id, accountId: band, pageId, type: 'video', original: `uploads/${band}/${id}/original.mp4` }),
          encodingStatus: 'processed',
          createdAt,
        })
        .execute();
      ids.set(clip.name, id);
      await recordFingerprint(t.db, { id, accountId: band, createdAt }, prints.get(clip.name)!);
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('decodes the keyframes of a clip that has one a second, and every frame of one that does not', () => {
    expect([...keyframed].sort()).toEqual([...phoneNames].sort());
  });

  it('pairs the copies of one footage (precision at least 0.95, recall at least 0.9), never on black frames alone', async () => {
    const nameOf = (id: string) => [...ids].find(([, uploadId]) => uploadId === id)![0];
    const found = new Set(
      (await t.db.selectFrom('uploadDuplicates').select(['uploadId', 'duplicateOf']).execute()).map((row) =>
        pairKey(nameOf(row.uploadId), nameOf(row.duplicateOf)),
      ),
    );
    const labelled = new Set<string>();
    for (const [i, a] of clips.entries()) for (const b of clips.slice(i + 1)) if (a.family === b.family) labelled.add(pairKey(a.name, b.name));
    const truePairs = [...found].filter((pair) => labelled.has(pair)).length;
    const precision = found.size ? truePairs / found.size : 0;
    const recall = truePairs / labelled.size;
    console.log(`keyframes: ${found.size} pairs found, ${labelled.size} labelled; precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect([...found].filter((pair) => pair.includes('black-') && !labelled.has(pair))).toEqual([]);
  });
});
