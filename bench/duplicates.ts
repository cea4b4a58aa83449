import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { createDb } from '../server/db';
import { pagesOfAccounts } from '../server/db/repositories/demoSeedPages';
import { uploadsSharingBands } from '../server/db/repositories/uploadFingerprints';
import { bandKeys } from '../server/adapters/media/frameHash';
import { STORED_VIEWS, VIEWS, type Fingerprint } from '../server/adapters/media/fingerprint';
import { encodeFingerprint, findSameFootage, probedBands } from '../server/services/duplicates';
import { seededSqlite } from './seededSqlite';

/**
 * Finding an upload's possible duplicates among FINGERPRINTS fingerprints of its account (SQLite):
 * the index look-up of its hash bands, the candidates' fingerprints read and confirmed, against a
 * floor measured in the same run, one probe of the band index.
 */
const FINGERPRINTS = Number(process.env.BENCH_FINGERPRINTS ?? 100_000);
/** Frames kept of each stored upload: a few seconds of a clip whose scene changes. */
const STORED_FRAMES = 6;
const RUNS = 40;
const BUDGET_MS = 50;

/** A deterministic random 64-bit hash. */
function hashes(seed: number) {
  let state = BigInt(seed) * 0x9e3779b97f4a7c15n + 1n;
  return () => {
    state = (state * 6364136223846793005n + 1442695040888963407n) & 0xffffffffffffffffn;
    return state;
  };
}

/** A fingerprint of `frames` random frames, each view its own hash (as turned and cropped frames are). */
function randomFingerprint(next: () => bigint, frames: number): Fingerprint {
  return { frames: Array.from({ length: VIEWS }, () => Array.from({ length: frames }, next)), envelope: [] };
}

/** The same fingerprint with a few bits of each hash flipped: a re-encoded copy. */
function copyOf(print: Fingerprint, next: () => bigint): Fingerprint {
  const flip = () => (1n << (next() % 64n)) | (1n << (next() % 64n)) | (1n << (next() % 64n));
  return { frames: print.frames.map((view) => view.map((hash) => hash ^ flip())), envelope: [] };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function benchDuplicates(): Promise<void> {
  const { dataDir, file, db: setup, bandId } = await seededSqlite('fcc-bench-dupes-');
  const [page] = await pagesOfAccounts(setup, [bandId]);
  await setup.destroy();
  const next = hashes(7);
  const started = Date.now();
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  const upload = sqlite.prepare(
    `INSERT INTO uploads (id, account_id, page_id, type, status, encoding_status, original, is_hidden, is_allowed, view_count, like_count, share_token, tags, moderation_status, moderation_labels, created_at, updated_at)
     VALUES (?, ?, ?, 'video', 'processed', 'processed', 'x', 0, 1, 0, 0, ?, '[]', 'processed', '[]', ?, ?)`,
  );
  const fingerprint = sqlite.prepare('INSERT INTO upload_fingerprints (upload_id, account_id, frames, envelope, created_at) VALUES (?, ?, ?, ?, ?)');
  const band = sqlite.prepare('INSERT OR IGNORE INTO upload_hash_bands (upload_id, account_id, band, created_at) VALUES (?, ?, ?, ?)');
  const prints: Fingerprint[] = [];
  const now = Date.parse('2026-11-29T12:00:00.000Z');
  sqlite.transaction(() => {
    for (let i = 0; i < FINGERPRINTS; i++) {
      const id = `bench-${i}`;
      // All within the last days: every one is in the look-up's window.
      const at = new Date(now - (FINGERPRINTS - i) * 5_000).toISOString();
      const print = randomFingerprint(next, STORED_FRAMES);
      if (i < RUNS) prints.push(print);
      upload.run(id, bandId, page.id, `s${i}`, at, at);
      const { frames, envelope } = encodeFingerprint(print);
      fingerprint.run(id, bandId, frames, envelope, at);
      for (const key of new Set(print.frames.slice(0, STORED_VIEWS).flat().flatMap(bandKeys))) band.run(id, bandId, key, at);
    }
  })();
  sqlite.close();
  console.log(
    `\nPossible duplicates: ${FINGERPRINTS} fingerprints of one account (${STORED_FRAMES} frames each, ${STORED_FRAMES * STORED_VIEWS * 4} band rows), generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  const db = createDb({ sqliteFile: file });
  try {
    const since = new Date(now - 30 * 86_400_000).toISOString();
    // The floor: one exact probe of the band index, as the look-up makes hundreds of.
    const floor: number[] = [];
    for (let i = 0; i < RUNS * 5; i++) {
      const key = bandKeys(prints[i % RUNS].frames[0][0])[i % 4];
      const t = performance.now();
      await uploadsSharingBands(db, bandId, [key], since, 'none', 50);
      floor.push(performance.now() - t);
    }
    const lookups: number[] = [];
    let found = 0;
    let probes = 0;
    for (let i = 0; i < RUNS; i++) {
      // A copy of one stored upload, arriving now.
      const query = copyOf(prints[i], next);
      probes = probedBands(query).length;
      const t = performance.now();
      const same = await findSameFootage(db, { id: `query-${i}`, accountId: bandId, createdAt: new Date(now).toISOString() }, query);
      lookups.push(performance.now() - t);
      if (same.some((row) => row.uploadId === `bench-${i}`)) found += 1;
    }
    const lookup = median(lookups);
    const one = median(floor);
    console.log(`  one band probe (floor)               ${one.toFixed(3)} ms median`);
    console.log(
      `  find an upload's duplicates          ${lookup.toFixed(2)} ms median, ${Math.max(...lookups).toFixed(2)} ms max (${probes} band probes, budget ${BUDGET_MS} ms): ${(lookup / one).toFixed(0)}x the floor`,
    );
    console.log(`  copies found                         ${found} of ${RUNS}${lookup > BUDGET_MS ? '   OVER BUDGET' : ''}`);
  } finally {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
