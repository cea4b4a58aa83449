import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server, type ServerOptions } from '@tus/server';
import { EVENTS, Metadata } from '@tus/utils';
import type { Config } from '../config';
import { newId, nowIso } from '../db/rows';
import { HttpError, refused } from '../errors';
import { errorBody } from './errors';
import { TUS_ENDPOINT } from '#shared/domain/capture';
import { createTusStore, type TusStore } from '../capture/tusStore';
import { filePatchHandler } from '../capture/tusPatch';
import { clientKeysFor } from '../services/clientKeys';
import { addressFence, captureClientOf, limitCaptureRequest, pageIdOf, type CaptureClient } from '../services/captureLimits';
import { startFanUpload, sweepFanUploads } from '../services/captureUploads';
import { deleteUnclaimedCaptureUpload, updateCaptureUpload } from '../db/repositories/captureUploads';
import { purgeSuspectedSpam } from '../services/suspectedSpam';
import { sweepAbandonedClaims } from '../capture/abandonedClaims';

declare module 'fastify' {
  interface FastifyInstance {
    /** Fans' tus uploads (server/capture/tusStore.ts), read by the submission. */
    tusStore: TusStore;
  }
}

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];

/** Who sent the Fastify request behind a tus creation (its address as Fastify's trustProxy sees it, its browser token). */
const clients = new WeakMap<IncomingMessage, CaptureClient>();
const nodeRequestOf = (req: TusRequest) => (req as unknown as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

/** Our JSON error as a tus refusal (tus-js-client hands the body to the page). */
function tusError(error: unknown): { status_code: number; body: string } {
  if (error instanceof HttpError) return { status_code: error.status, body: JSON.stringify(errorBody(error)) };
  throw error;
}

const SWEEP_EVERY_MS = 15 * 60 * 1000;
const TUS_METHODS = ['POST', 'HEAD', 'PATCH', 'OPTIONS', 'DELETE'] as const;

/**
 * The tus 1.0 endpoint (@tus/server) at /api/public/uploads. It lives in its own encapsulated
 * scope whose content-type parser passes the body stream through untouched, and answers on the
 * raw response (reply.hijack), so chunks stream to the store without being buffered.
 * Upload creation is rate limited per browser token (else per address) and page, and per address
 * as a wide fence; uploads not submitted expire.
 */
export async function registerTusUploads(app: FastifyInstance, config: Config): Promise<void> {
  const { db } = app.deps;
  const store = createTusStore(config);
  // A creation the store fails leaves nothing: its row (counted as 'unfinished' against the address) goes with its bytes.
  const create = store.datastore.create.bind(store.datastore);
  store.datastore.create = async (upload) => {
    try {
      return await create(upload);
    } catch (error) {
      await deleteUnclaimedCaptureUpload(db, upload.id).catch((err: unknown) => app.log.warn({ err }, 'failed creation not forgotten'));
      await store.remove(upload.id).catch(() => undefined);
      throw error;
    }
  };
  const keys = clientKeysFor(config);
  const tus = new Server({
    path: TUS_ENDPOINT,
    datastore: store.datastore,
    relativeLocation: true,
    respectForwardedHeaders: config.trustProxy,
    // The capture page is same-origin; no other site's script may drive uploads.
    allowedOrigins: [new URL(config.baseUrl).origin],
    maxSize: Math.max(config.capture.videoMaxBytes, config.capture.imageMaxBytes),
    namingFunction: () => newId(),
    async onUploadCreate(req, upload) {
      const node = nodeRequestOf(req);
      const client = (node && clients.get(node)) ?? { addressKey: keys.address('unknown') };
      try {
        const metadata = await startFanUpload(db, config, { id: upload.id, size: upload.size, metadata: upload.metadata ?? {}, ...client });
        return { metadata };
      } catch (error) {
        throw tusError(error);
      }
    },
    // tus's own refusals (size past the maximum, wrong offset, missing headers) in our JSON shape.
    onResponseError(_req, err) {
      const status = 'status_code' in err ? err.status_code : 500;
      const text = 'body' in err ? err.body : '';
      // Our own refusals are JSON already (507 storage-full among them); tus's and the store's 5xx are storage faults.
      if (text.trimStart().startsWith('{')) return undefined;
      if (status >= 500) {
        // The store failed (a read-only or full folder, S3 down): the fan gets 503 'storage-unavailable' in our JSON (the
        // capture page shows its message); the error's own text (a server path, say) is logged, never sent.
        app.log.warn({ err }, 'fan upload storage fault');
        return { status_code: 503, body: JSON.stringify(errorBody(refused('storage-unavailable'))) };
      }
      return tusError(
        status === 413
          ? refused('too-large')
          : new HttpError(status, status === 404 ? 'NotFoundError' : 'UploadError', text.trim() ? 'app.server.libraryText' : 'app.server.uploadRefused', {
              text: text.trim(),
            }),
      );
    },
    async onUploadFinish(_req, upload) {
      await updateCaptureUpload(db, upload.id, { finishedAt: nowIso() });
      return {};
    },
  });
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    deleteUnclaimedCaptureUpload(db, id).catch((err: unknown) => app.log.warn({ err }, 'terminated upload not forgotten'));
  });
  app.decorate('tusStore', store);

  const sweeper = setInterval(() => {
    sweepAbandonedClaims(db, store, app.deps.files)
      .then(() => sweepFanUploads(db, store))
      .catch((err: unknown) => app.log.warn({ err }, 'upload sweep failed'));
    purgeSuspectedSpam(db, app.deps.files).catch((err: unknown) => app.log.warn({ err }, 'suspected spam purge failed'));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  /**
   * A creation's client, counted against its page's hourly limit (per browser token, else per
   * address) before tus sees it: the page is resolved from the metadata's slugs, so no spelling
   * of them is another page. Metadata tus would refuse, or an unknown page, is left to tus and
   * startFanUpload to answer.
   */
  const countCreation = async (request: FastifyRequest) => {
    let metadata: Record<string, string | null>;
    try {
      metadata = Metadata.parse(String(request.headers['upload-metadata'] ?? ''));
    } catch {
      return;
    }
    const pageId = await pageIdOf(db, (metadata.accountSlug ?? '').trim(), (metadata.pageSlug ?? '').trim());
    if (!pageId) return;
    const client = captureClientOf(request, pageId);
    clients.set(request.raw, client);
    await limitCaptureRequest(request, 'upload', pageId, client);
  };
  // On local disk, PATCHes (the bytes) bypass @tus/server's web-stream conversion (server/capture/tusPatch.ts).
  const localPath = store.localPath;
  const patch = localPath ? filePatchHandler({ tus, datastore: store.datastore, fileOf: localPath }) : undefined;
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // A refusal here is our JSON error, answered before tus takes over the response.
    if (request.method === 'POST') await countCreation(request);
    reply.hijack();
    if (patch && request.method === 'PATCH') {
      const { id } = request.params as { id?: string };
      await patch(request.raw, reply.raw, id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : undefined).catch((err: unknown) =>
        request.log.error({ err }, 'tus PATCH failed'),
      );
      return;
    }
    await tus.handle(request.raw, reply.raw);
  };

  const fence = addressFence('upload');
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: 'POST',
      url: TUS_ENDPOINT,
      // The outer fence: creations per address, every page and browser behind it together (a venue's crowd).
      config: { rateLimit: { max: config.capture.addressRateLimit, timeWindow: fence.timeWindow, keyGenerator: fence.key } },
      schema: { hide: true },
      handler,
    });
    scope.route({ method: TUS_METHODS.filter((method) => method !== 'POST'), url: TUS_ENDPOINT, schema: { hide: true }, handler });
    scope.route({ method: [...TUS_METHODS.filter((method) => method !== 'POST')], url: `${TUS_ENDPOINT}/:id`, schema: { hide: true }, handler });
  });
}
