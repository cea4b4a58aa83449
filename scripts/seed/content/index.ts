import type { FastifyInstance } from 'fastify';
import type { Page, Upload } from '../../../server/db/types';
import { findUploadById } from '../../../server/db/repositories/uploadRows';
import { findUserByEmail } from '../../../server/db/repositories/users';
import { findAccountById } from '../../../server/db/repositories/accounts';
import { accountsBySlugs, hasFanContent } from '../../../server/db/repositories/demoSeedContent';
import { pagesOfAccounts, setDemoPage, setPagesStatus } from '../../../server/db/repositories/demoSeedPages';
import { lazyMediaTools } from '../../../server/adapters/media/tools';
import { createModerationProvider, type ModerationProvider } from '../../../server/adapters/moderation';
import { clientKeysFor } from '../../../server/services/clientKeys';
import { configuredLinks } from '../../../server/services/captureLinks';
import { limitsOf } from '../../../server/services/planLimits';
import { PROCESS_UPLOAD_JOB } from '#shared/domain/constants';
import { seededRandom } from './random';
import { demoMedia } from './media';
import { makeFan } from './fans';
import { planUploads, type PlannedUpload } from './plan';
import { CollectingQueue } from './collectingQueue';
import { submitDemoUpload } from './submit';
import { copyOutputs, encodeUpload, moderateUpload, scriptedModel, unavailableModel, type PipelineContext } from './pipeline';
import { reviewUploads } from './review';
import { seedAccountLinks } from './links';
import { Audience } from './visitors';
import { seedEvents, type AccountTraffic, type EventPage } from './events';

/** What the demo's flagged uploads were flagged for (a model's labels, most confident first). */
const FLAG_LABELS = [
  { name: 'Sexy', confidence: 0.91 },
  { name: 'Neutral', confidence: 0.06 },
  { name: 'Porn', confidence: 0.02 },
];

/** Visit patterns of the demo pages: share of visits and when each was live (days ago). */
const TRAFFIC: Record<string, { weight: number; active: [number, number] }> = {
  'Summer Tour 2026': { weight: 6, active: [50, 0] },
  'Acoustic Sessions': { weight: 2, active: [60, 15] },
  'Spring Tour 2026': { weight: 3, active: [89, 58] },
  'Album Launch Party': { weight: 2, active: [86, 70] },
  'Match Day Moments': { weight: 1, active: [89, 0] },
};

async function inParallel<T>(items: T[], width: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await run(items[next++]);
    }),
  );
}

interface Submitted {
  item: PlannedUpload;
  uploadId: string;
  page: Page;
}

/**
 * The demo's content: fan uploads through the capture submission service and the
 * media pipeline's own job handlers, fan data with consent records, staff review, and 90 days
 * of visits, link clicks, views and likes. Run by `server/main.ts --demo` after seedDemo (not
 * by the server tests' seed: it takes seconds). Idempotent: nothing happens once the demo
 * accounts have uploads or visits.
 */
export interface DemoContentOptions {
  log?: (line: string) => void;
  /** The model the generated files go through (default the configured one). */
  moderation?: ModerationProvider;
}

export async function seedDemoContent(app: FastifyInstance, { log = console.log, moderation }: DemoContentOptions = {}): Promise<void> {
  const { db, files, config } = app.deps;
  const accounts = await accountsBySlugs(db, ['midnightowls', 'harborcityfc']);
  const band = accounts.find((account) => account.slug === 'midnightowls');
  const team = accounts.find((account) => account.slug === 'harborcityfc');
  if (!band || !team) return;
  // Seeded before (or used since): uploads or visits are there, even if staff deleted every upload.
  if (await hasFanContent(db, [band.id, team.id])) return;
  const started = Date.now();
  const phases: string[] = [];
  let mark = started;
  const phase = (name: string) => {
    phases.push(`${name} ${((Date.now() - mark) / 1000).toFixed(1)} s`);
    mark = Date.now();
  };
  const now = new Date();
  const random = seededRandom(20261124);
  const tools = lazyMediaTools(config);
  const media = await demoMedia(config.dataDir, tools());
  await seedAccountLinks(db);
  phase('media');

  const queue = new CollectingQueue();
  const pages = await pagesOfAccounts(db, [band.id, team.id]);
  const pageOf = (item: PlannedUpload) =>
    pages.find((page) => page.name === item.pageName && page.accountId === (item.account === 'band' ? band.id : team.id))!;
  const plan = planUploads(random, now);
  const fans = plan.map((_, index) => makeFan(random, index));
  const submitCtx = { db, files, config, tus: app.tusStore, queue, keys: clientKeysFor(config), random };

  // Only an enabled page takes uploads: the pages not enabled now (pending, disabled, archived) took theirs while they were.
  const closed = pages.filter((page) => page.status !== 'enabled');
  const submitted: Submitted[] = [];
  await setPagesStatus(
    db,
    closed.map((page) => page.id),
    'enabled',
  );
  try {
    for (const item of plan) {
      const page = pageOf(item);
      const source = item.kind === 'truncated' ? media.truncated : item.kind === 'video' ? media.videos[item.source] : media.images[item.source];
      const account = item.account === 'band' ? band : team;
      const { uploadId } = await submitDemoUpload(submitCtx, { accountSlug: account.slug, pageSlug: page.slug }, source, fans[item.fan], item.at);
      submitted.push({ item, uploadId, page });
    }
  } finally {
    for (const page of closed) await setDemoPage(db, page.id, { status: page.status });
  }

  phase('submissions');
  // The pipeline: each generated file once through the real handlers, copies of their outputs for the rest.
  const pipeline: PipelineContext = { db, files, config, queue, tools, moderation: moderation ?? createModerationProvider(config) };
  const templates = new Map<string, string>();
  for (const { item, uploadId } of submitted) {
    const key = `${item.kind}:${item.source}`;
    if (item.state === 'live' && !templates.has(key)) templates.set(key, uploadId);
  }
  await inParallel([...templates.values()], 2, async (uploadId) => {
    await encodeUpload(pipeline, uploadId);
    await moderateUpload(pipeline, uploadId);
  });
  phase('pipeline');
  const templateRows = new Map<string, Upload>();
  for (const [key, uploadId] of templates) templateRows.set(key, (await findUploadById(db, uploadId))!);
  const flaggedLabels = pipeline.moderation.flaggedLabels;
  const pendingIds: string[] = [];
  await inParallel(submitted, 4, async ({ item, uploadId }) => {
    if ([...templates.values()].includes(uploadId)) return;
    const template = templateRows.get(`${item.kind}:${item.source}`)!;
    switch (item.state) {
      case 'encoding-pending':
        pendingIds.push(uploadId);
        return;
      case 'encoding-failed':
        return encodeUpload(pipeline, uploadId);
      case 'flagged':
        await copyOutputs(pipeline, template, uploadId, 'pending');
        return moderateUpload(pipeline, uploadId, scriptedModel(flaggedLabels, FLAG_LABELS));
      case 'moderation-processing':
        await copyOutputs(pipeline, template, uploadId, 'pending');
        return moderateUpload(pipeline, uploadId, unavailableModel(flaggedLabels), 1);
      case 'moderation-failed':
        await copyOutputs(pipeline, template, uploadId, 'pending');
        return moderateUpload(pipeline, uploadId, unavailableModel(flaggedLabels), 5);
      default:
        return copyOutputs(pipeline, template, uploadId);
    }
  });
  phase('copies');
  // Uploads waiting for encoding: their jobs are queued for later (a busy night), so the badge stays.
  const later = new Date(now.getTime() + 30 * 86_400_000);
  for (const uploadId of pendingIds) await app.deps.queue.enqueue(PROCESS_UPLOAD_JOB, { uploadId }, { runAt: later });

  // Staff review: the band's admin and the club's owner approve, hide and tag.
  for (const [account, email] of [
    [band, 'sam@example.com'],
    [team, 'owner@example.com'],
  ] as const) {
    const reviewer = (await findUserByEmail(db, email))!;
    const reviewed = submitted
      .filter(({ item, page }) => page.accountId === account.id && !['encoding-pending', 'encoding-failed'].includes(item.state))
      .map(({ item, uploadId, page }) => ({
        id: uploadId,
        accountId: account.id,
        createdAt: item.at,
        approve: page.requireApproval === 1 && item.state !== 'not-approved',
        hide: item.state === 'hidden',
        tags: item.tags,
      }));
    // Staff review of long ago: the fan mails and webhooks it queues are dropped with the collected jobs.
    await reviewUploads({ ...app.deps, queue }, reviewer, reviewed, now);
  }

  phase('review');
  // 90 days of visits, link clicks, views and likes.
  const traffic: AccountTraffic[] = [];
  for (const [account, dailyVisits, audienceSize, addressBase] of [
    [band, 70, 2600, 0],
    [team, 14, 700, 10_000],
  ] as const) {
    const limits = await limitsOf(db, account.id);
    // Read again: the links were set after the accounts were read.
    const linked = await findAccountById(db, account.id, { required: true });
    const eventPages: EventPage[] = pages
      .filter((page) => page.accountId === account.id && TRAFFIC[page.name])
      .map((page) => ({
        id: page.id,
        ...TRAFFIC[page.name],
        links: configuredLinks(linked, page, limits).filter((link) => link.place === 'header' || link.place === 'footer'),
      }));
    const bigDays = new Set<number>();
    if (account === band) for (let i = 0; i < 12; i++) bigDays.add(i < 8 ? random.int(1, 50) : random.int(58, 89));
    else for (let day = 3; day < 90; day += 7) bigDays.add(day);
    traffic.push({
      accountId: account.id,
      audience: new Audience(random, submitCtx.keys, account.id, audienceSize, addressBase),
      dailyVisits,
      bigDays,
      pages: eventPages,
      uploads: submitted
        .filter(({ item, page }) => page.accountId === account.id && item.state === 'live')
        .map(({ item, uploadId }) => ({ id: uploadId, createdAt: item.at })),
    });
  }
  const counts = await seedEvents(db, random, traffic, now);
  phase('events');
  log(
    `Demo content: ${submitted.length} fan uploads, ${counts.visits} visits, ${counts.linkClicks} link clicks, ${counts.views} views, ${counts.likes} likes in ${((Date.now() - started) / 1000).toFixed(1)} s (${phases.join(', ')})`,
  );
}
