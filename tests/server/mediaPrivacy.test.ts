import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCODE_MP4_JOB, ENCODE_WEBM_JOB, MODERATE_UPLOAD_JOB, PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { newId } from '../../server/db/rows';
import type { LocalFileStore } from '../../server/files/local';
import { frameArgs, reviewArgs, webmArgs } from '../../server/adapters/media/encode';
import { probeMedia, type MediaProbe } from '../../server/adapters/media/probe';
import { runTool } from '../../server/adapters/media/run';
import { SAFE_INPUT } from '../../server/adapters/media/safeInput';
import { encodeMp4Handler, encodeWebmHandler, processUploadHandler } from '../../server/jobs/processUpload';
import { moderateUploadHandler } from '../../server/jobs/moderateUpload';
import type { JobContext } from '../../server/adapters/queue';
import type { ModerationProvider } from '../../server/adapters/moderation/types';
import { ffprobe, GPS_MARK, makeClip, makeGpsPhoto, pendingUpload, tools } from '../fixtures/media';
import { makeLiveWebm } from '../fixtures/liveWebm';
import { createTestApp, demoAccounts, testDatabases, type TestApp } from './helpers';

/** Where the phone was: an iPhone writes it as ISO 6709 in the .mov's metadata. */
const LOCATION = '+51.5007-000.1246/';
const CHAPTER = 'FCC-TEST-CHAPTER';

const ffmpeg = (...args: string[]) => execFileSync(tools.ffmpeg, ['-v', 'error', '-y', ...args], { stdio: 'pipe' });

/** A .mov as an iPhone leaves it: its location in the QuickTime metadata (and the older udta tag), and a chapter. */
function makeLocatedMov(dir: string): string {
  const clip = makeClip(path.join(dir, 'plain.mp4'), { seconds: 2 });
  const chapters = path.join(dir, 'chapters.txt');
  fs.writeFileSync(chapters, `;FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=1000\ntitle=${CHAPTER}\n`);
  const mov = path.join(dir, 'located.mov');
  ffmpeg(
    '-i',
    clip,
    '-i',
    chapters,
    '-map',
    '0',
    '-map_chapters',
    '1',
    '-c',
    'copy',
    '-movflags',
    'use_metadata_tags',
    '-metadata',
    `com.apple.quicktime.location.ISO6709=${LOCATION}`,
    '-metadata',
    `location=${LOCATION}`,
    mov,
  );
  return mov;
}

/** Every tag, chapter and the raw bytes of a media file, as one text to search. */
function everythingIn(file: string): string {
  const probed = execFileSync(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-show_chapters', file]).toString();
  return probed + fs.readFileSync(file).toString('latin1');
}

describe('ffmpeg arguments', () => {
  const probe = { duration: 5, container: 'mov', video: { codec: 'h264', width: 320, height: 240, rotation: 0 } };
  const review = reviewArgs(
    'in.mov',
    {
      mp4: 'out.mp4',
      posters: 'posters',
      frames: [
        { at: 1, file: 'frame0.jpg' },
        { at: 2, file: 'frame1.jpg' },
      ],
    },
    probe,
    60,
  );
  const calls = {
    'mp4, poster candidates and frames': review,
    webm: webmArgs('in.mov', 'out.webm', probe, 60),
    frame: frameArgs('in.mp4', 'out.jpg', 1),
  };
  it.each(Object.entries(calls))('%s reads its input through the protocol and format whitelists and copies no metadata', (_name, args) => {
    const input = args.indexOf('-i');
    const guard = args.indexOf(SAFE_INPUT[0]);
    expect(guard).toBeGreaterThan(-1);
    expect(guard).toBeLessThan(input);
    expect(args.slice(guard, guard + SAFE_INPUT.length)).toEqual([...SAFE_INPUT]);
    expect(args.join(' ')).toContain('-map_metadata -1');
  });
  it('every output of the review run (mp4, poster candidates, 2 frames) drops metadata and chapters of its own', () => {
    // Output options apply to the next output only: each of the four needs them.
    expect(review.join(' ').split('-map_metadata -1 -map_chapters -1')).toHaveLength(5);
  });
  it.each(Object.entries({ mp4: review, webm: calls.webm }))('the %s encode stops at the longest clip taken and copies no chapters', (_name, args) => {
    expect(args.indexOf('-t')).toBeGreaterThan(args.indexOf('-i'));
    expect(args[args.indexOf('-t') + 1]).toBe('60');
    expect(args.join(' ')).toContain('-map_chapters -1');
  });
});

// Media processing does not depend on the database: real ffmpeg runs once, on the first kind.
describe.each(testDatabases.slice(0, 1))('media privacy and limits with real ffmpeg ($name)', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let band: string;
  let pageId: string;
  let work: string;
  let files: LocalFileStore;
  const context = (kind = PROCESS_UPLOAD_JOB): JobContext => ({ id: 'job', kind, attempt: 1, maxAttempts: 5, signal: new AbortController().signal });
  /** An upload's pipeline jobs in the order the queue runs them: its processing, then a clip's full mp4 (after a review proxy) and webm. */
  const processUpload = async (id: string) => {
    await processUploadHandler(t.app.deps)({ uploadId: id }, context());
    await encodeMp4Handler(t.app.deps)({ uploadId: id }, context(ENCODE_MP4_JOB));
    await encodeWebmHandler(t.app.deps)({ uploadId: id }, context(ENCODE_WEBM_JOB));
  };
  const fileOf = (key: string | null) => files.pathOf(key!)!;
  const row = (id: string) => t.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(kind);
    files = t.app.deps.files as LocalFileStore;
    ({ band } = await demoAccounts(t.db));
    pageId = (await t.db.selectFrom('pages').select('id').where('accountId', '=', band).executeTakeFirstOrThrow()).id;
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'fcc-privacy-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** What the fan side leaves: the original in the store and a pending upload row. */
  async function uploaded(localFile: string, type: 'video' | 'image', ext = path.extname(localFile)) {
    const id = newId();
    const original = `uploads/${band}/${id}/original${ext}`;
    await files.putFromFile(localFile, original, 'application/octet-stream');
    await t.db
      .insertInto('uploads')
      .values(pendingUpload({ id, accountId: band, pageId, type, original }))
      .execute();
    return id;
  }

  async function withPageLimit<T>(seconds: number, run: () => Promise<T>): Promise<T> {
    await t.db.updateTable('pages').set({ maxVideoSeconds: seconds }).where('id', '=', pageId).execute();
    try {
      return await run();
    } finally {
      await t.db.updateTable('pages').set({ maxVideoSeconds: null }).where('id', '=', pageId).execute();
    }
  }

  describe("a phone's location", () => {
    it('is in no video output: not in the mp4, the webm or the thumbnail', async () => {
      const mov = makeLocatedMov(work);
      // The input really carries it where ffprobe and players see it.
      expect(everythingIn(mov)).toContain(LOCATION);
      expect(everythingIn(mov)).toContain(CHAPTER);

      const id = await uploaded(mov, 'video');
      await processUpload(id);
      const upload = await row(id);
      expect([upload.encodingStatus, upload.encodingError]).toEqual(['processed', null]);
      for (const key of [upload.mp4, upload.webm, upload.thumbnail]) {
        const seen = everythingIn(fileOf(key));
        expect(seen, key!).not.toContain('51.5007');
        expect(seen, key!).not.toContain(CHAPTER);
      }
      for (const key of [upload.mp4, upload.webm]) expect(ffprobe(fileOf(key)).duration).toBeGreaterThan(1.8);
      const thumbnail = await sharp(fileOf(upload.thumbnail)).metadata();
      expect([thumbnail.format, thumbnail.exif, thumbnail.xmp]).toEqual(['jpeg', undefined, undefined]);
    });

    it('is in no photo output: not in the web copy or the thumbnail', async () => {
      const photo = path.join(work, 'gps.jpg');
      await makeGpsPhoto(photo);
      expect(fs.readFileSync(photo).includes(Buffer.from(GPS_MARK))).toBe(true);

      const id = await uploaded(photo, 'image');
      await processUpload(id);
      const upload = await row(id);
      expect(upload.encodingStatus).toBe('processed');
      for (const key of [upload.image, upload.thumbnail]) {
        const bytes = fs.readFileSync(fileOf(key));
        expect(bytes.includes(Buffer.from(GPS_MARK)), key!).toBe(false);
        const meta = await sharp(bytes).metadata();
        expect([meta.exif, meta.xmp, meta.iptc]).toEqual([undefined, undefined, undefined]);
      }
    });
  });

  describe('a file that names other files or URLs', () => {
    let server: http.Server;
    let requests: string[];
    let address: string;
    let otherClip: string;

    beforeAll(async () => {
      requests = [];
      server = http.createServer((request, response) => {
        requests.push(request.url ?? '');
        response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      // Someone else's clip on the same disk, as a transport stream an HLS playlist can name.
      otherClip = path.join(work, 'someone-else.ts');
      ffmpeg('-i', makeClip(path.join(work, 'other.mp4')), '-c', 'copy', otherClip);
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const playlist = (segment: string) => `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n${segment}\n#EXT-X-ENDLIST\n`;

    it('is refused by the pipeline instead of read: an HLS playlist naming another file on the disk', async () => {
      const crafted = path.join(work, 'local-playlist.mp4');
      fs.writeFileSync(crafted, playlist(otherClip));
      const id = await uploaded(crafted, 'video');
      await processUpload(id);
      const upload = await row(id);
      expect(upload).toMatchObject({ encodingStatus: 'failed', mp4: null, webm: null, thumbnail: null });
      expect(upload.encodingError).toMatch(/could not be read as a video/);
      expect(fs.readdirSync(path.dirname(fileOf(upload.original)))).toEqual(['original.mp4']);
    });

    it('is refused by the pipeline instead of read: an HLS playlist naming a URL', async () => {
      const crafted = path.join(work, 'url-playlist.mp4');
      fs.writeFileSync(crafted, playlist(`${address}/segment.ts`));
      const id = await uploaded(crafted, 'video');
      await processUpload(id);
      expect((await row(id)).encodingStatus).toBe('failed');
      expect(requests).toEqual([]);
    });

    it('is not followed by ffprobe, nor by ffmpeg grabbing frames for moderation', async () => {
      const local = path.join(work, 'list.m3u8');
      fs.writeFileSync(local, playlist(otherClip));
      await expect(probeMedia(tools.ffprobe, local)).rejects.toThrow(/whitelist|Invalid/);
      await expect(runTool(tools.ffmpeg, frameArgs(local, path.join(work, 'frame.jpg'), 0.5))).rejects.toThrow();
      expect(fs.existsSync(path.join(work, 'frame.jpg'))).toBe(false);

      const remote = path.join(work, 'remote.m3u8');
      fs.writeFileSync(remote, playlist(`${address}/segment.ts`));
      await expect(probeMedia(tools.ffprobe, remote)).rejects.toThrow();
      expect(requests).toEqual([]);
    });

    it('gets no frames looked at when it stands where the processed mp4 should be', async () => {
      const crafted = path.join(work, 'as-mp4.mp4');
      fs.writeFileSync(crafted, playlist(otherClip));
      const id = await uploaded(crafted, 'video');
      await t.db
        .updateTable('uploads')
        .set({ mp4: (await row(id)).original, encodingStatus: 'processed' })
        .where('id', '=', id)
        .execute();
      const looked: string[][] = [];
      const provider: ModerationProvider = { name: 'stub', flaggedLabels: new Set(), classify: async (pictures) => (looked.push(pictures), []) };
      const handler = moderateUploadHandler(t.app.deps, provider, () => tools);
      await expect(handler({ uploadId: id }, { ...context(MODERATE_UPLOAD_JOB), maxAttempts: 1 })).rejects.toThrow();
      expect(looked).toEqual([]);
    });
  });

  describe("a clip's length", () => {
    it('of a live-recorded webm with no duration in its header is measured, and a clip too long is refused', async () => {
      const live = makeLiveWebm(path.join(work, 'live.webm'), 4);
      expect(ffprobe(live).duration).toBe(0);
      expect((await probeMedia(tools.ffprobe, live)).duration).toBeCloseTo(4, 0);

      const id = await uploaded(live, 'video');
      await withPageLimit(2, () => processUpload(id));
      const upload = await row(id);
      expect(upload).toMatchObject({ encodingStatus: 'failed', mp4: null, webm: null });
      // Its packets are read only until it passes the limit: its whole length is not known.
      expect(upload.encodingError).toBe('The clip is longer than 2 s; this page takes clips up to 2 s');
    });

    it('of a live-recorded webm within the limit is stored on the upload', async () => {
      const live = makeLiveWebm(path.join(work, 'short-live.webm'), 3);
      const id = await uploaded(live, 'video');
      await processUpload(id);
      const upload = await row(id);
      expect(upload.encodingStatus).toBe('processed');
      expect(upload.duration).toBeCloseTo(3, 0);
    });

    it("is held to CAPTURE_MAX_DURATION_SECONDS when it is smaller than the page's own limit", async () => {
      const clip = makeClip(path.join(work, 'three.mp4'), { seconds: 3 });
      const configured = t.app.deps.config.capture.maxDurationSeconds;
      t.app.deps.config.capture.maxDurationSeconds = 2;
      try {
        const id = await uploaded(clip, 'video');
        await withPageLimit(60, () => processUpload(id));
        const upload = await row(id);
        expect(upload.encodingStatus).toBe('failed');
        expect(upload.encodingError).toBe('The clip is 3 s long; this page takes clips up to 2 s');
      } finally {
        t.app.deps.config.capture.maxDurationSeconds = configured;
      }
    });

    it('cannot run an encode past the limit, whatever the input claims', async () => {
      const clip = makeClip(path.join(work, 'four.mp4'), { seconds: 4 });
      // The probe of a file whose header understates its length.
      const understated = { ...(await probeMedia(tools.ffprobe, clip)), duration: 1 };
      const mp4Only = (input: string, output: string, probe: MediaProbe, maxSeconds: number) => reviewArgs(input, { mp4: output }, probe, maxSeconds);
      for (const [name, args] of [
        ['capped.mp4', mp4Only],
        ['capped.webm', webmArgs],
      ] as const) {
        const out = path.join(work, name);
        await runTool(tools.ffmpeg, args(clip, out, understated, 2));
        expect(ffprobe(out).duration).toBeGreaterThan(1.8);
        expect(ffprobe(out).duration).toBeLessThan(2.3);
      }
    });
  });
});
