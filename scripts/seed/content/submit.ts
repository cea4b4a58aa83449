import fs from 'node:fs';
import { Upload as TusUpload } from '@tus/utils';
import type { Db } from '../../../server/db';
import { newId, nowIso } from '../../../server/db/rows';
import { backdateFanUpload } from '../../../server/db/repositories/demoSeedDates';
import type { Config } from '../../../server/config';
import type { FileStore } from '../../../server/files';
import type { TusStore } from '../../../server/capture/tusStore';
import type { ClientKeys } from '../../../server/services/clientKeys';
import { startFanUpload } from '../../../server/services/captureUploads';
import { updateCaptureUpload } from '../../../server/db/repositories/captureUploads';
import { submitFanUpload } from '../../../server/services/captureSubmissions';
import { captureFormOf, findPublicPage } from '../../../server/services/capturePage';
import type { CollectingQueue } from './collectingQueue';
import type { DemoSource } from './media';
import { answersFor, type Fan } from './fans';
import type { Random } from './random';

export interface SubmitContext {
  db: Db;
  files: FileStore;
  tus: TusStore;
  config: Config;
  queue: CollectingQueue;
  keys: ClientKeys;
  random: Random;
}

export interface DemoPageRef {
  accountSlug: string;
  pageSlug: string;
}

/**
 * One fan upload the way the capture page makes it: the tus upload is created (the upload rules
 * of startFanUpload), its bytes written to the tus store and finished, then the form is submitted
 * through the submission service (checks, the file moved into place, upload row, fan data,
 * consent record and the 'process-upload' job, which lands in the collecting queue).
 * Then its dates are moved back to when the demo says the fan sent it.
 */
export async function submitDemoUpload(
  ctx: SubmitContext,
  page: DemoPageRef,
  source: DemoSource,
  fan: Fan,
  at: Date,
): Promise<{ uploadId: string; submissionId: string }> {
  const id = newId();
  const size = (await fs.promises.stat(source.file)).size;
  const metadata = await startFanUpload(ctx.db, ctx.config, {
    id,
    size,
    metadata: { accountSlug: page.accountSlug, pageSlug: page.pageSlug, filename: source.name, filetype: source.type },
    addressKey: ctx.keys.address(fan.address),
  });
  await ctx.tus.datastore.create(new TusUpload({ id, size, offset: 0, metadata }));
  await ctx.tus.datastore.write(fs.createReadStream(source.file), id, 0);
  await updateCaptureUpload(ctx.db, id, { finishedAt: nowIso() });

  const publicPage = await findPublicPage(ctx.db, page.accountSlug, page.pageSlug);
  const form = captureFormOf(publicPage.page, publicPage.target.limits);
  const body = { uploadId: id, ...answersFor(form, fan, ctx.random) };
  const result = await submitFanUpload({ ...ctx }, page.accountSlug, page.pageSlug, body);
  await backdateFanUpload(ctx.db, { uploadId: result.uploadId, submissionId: result.id, captureId: id }, at.toISOString());
  return { uploadId: result.uploadId, submissionId: result.id };
}
