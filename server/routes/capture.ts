import { z } from 'zod';
import { capturePagePayloadSchema, capturePageParams, submissionResultSchema } from '#shared/domain/schemas/capture';
import { capturePagePayload, findPublicPage } from '../services/capturePage';
import { followLink, recordVisitLater } from '../services/captureEvents';
import { submitFanUpload } from '../services/captureSubmissions';
import { addressFence, captureClientOf, limitCaptureRequest, limitPageLoad, pageIdOf } from '../services/captureLimits';
import { issueCaptureToken } from '../services/captureTokens';
import { fanLocaleOf } from '../http/fanText';
import { taggedRoute, type RouteDef } from './define';
import { emptyAnswer } from './answers';
import { perAddress } from './limits';

const route = taggedRoute('capture');

export const captureRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/public/pages/:accountSlug/:pageSlug',
    access: 'public',
    summary:
      'What the fan capture page needs (branding, form, lists, consent and terms texts, file limits, tus settings, a browser ' +
      'token for the X-Capture-Token header), or 404 / 403 with `reason` (shared/domain/capture.ts REFUSAL_REASONS); 429 past ' +
      'CAPTURE_PAGE_LOAD_RATE_LIMIT loads per address an hour. A load records a visit (bots excluded), at most one per visitor ' +
      '(its token, else its address) and page in 30 minutes',
    schema: { params: capturePageParams, response: { 200: capturePagePayloadSchema } },
    async handler(request) {
      const { deps } = request.server;
      await limitPageLoad(request);
      const found = await findPublicPage(deps.db, request.params.accountSlug, request.params.pageSlug);
      recordVisitLater(deps, request, found.target);
      return capturePagePayload(found, deps.config, issueCaptureToken(deps.config, found.page.id));
    },
  }),
  route({
    method: 'POST',
    url: '/api/public/pages/:accountSlug/:pageSlug/visits',
    access: 'public',
    summary:
      "The capture page's script reports its visit (the HTML page records none: a crowd behind one address would be one " +
      'visitor): at most one per browser (its X-Capture-Token, kept by the page for a day) and page in 30 minutes, bots ' +
      'excluded; 204, or 404 / 403 with `reason`; 429 past CAPTURE_PAGE_LOAD_RATE_LIMIT an hour per address',
    schema: { params: capturePageParams, response: { 204: emptyAnswer('Counted (or not: a bot, a visitor seen in the last 30 minutes)') } },
    rateLimit: perAddress('capture-visit-report', (request) => request.server.deps.config.capture.pageLoadRateLimit, 3600_000),
    async handler(request, reply) {
      const { deps } = request.server;
      const found = await findPublicPage(deps.db, request.params.accountSlug, request.params.pageSlug);
      recordVisitLater(deps, request, found.target);
      return reply.status(204).send();
    },
  }),
  route({
    method: 'POST',
    url: '/api/public/pages/:accountSlug/:pageSlug/submissions',
    access: 'public',
    summary:
      "A fan's submission: the page's form fields (submissionSchema of shared/domain/schemas/capture.ts) with the finished tus " +
      'upload id; writes the upload, the fan data, the consent record and the processing job at once. 4xx with `reason` for ' +
      'an upload that is unknown, unfinished, used, of another page, of the wrong kind, damaged or too large. 429 past ' +
      'CAPTURE_SUBMIT_RATE_LIMIT an hour per browser (its X-Capture-Token) and page, or per address without a token, or past ' +
      'CAPTURE_ADDRESS_RATE_LIMIT an hour per address',
    schema: { params: capturePageParams, body: z.record(z.string(), z.unknown()), response: { 201: submissionResultSchema } },
    // Per address, every browser behind it together (a venue); then per browser (or address without a token) and page.
    rateLimit: addressFence('submit'),
    async handler(request, reply) {
      const { db, files, config } = request.server.deps;
      const pageId = await pageIdOf(db, request.params.accountSlug, request.params.pageSlug);
      if (pageId) await limitCaptureRequest(request, 'submit', pageId, captureClientOf(request, pageId));
      const deps = { db, files, config, queue: request.server.deps.queue, tus: request.server.tusStore, log: request.log };
      const result = await submitFanUpload(deps, request.params.accountSlug, request.params.pageSlug, request.body, fanLocaleOf(request));
      return reply.status(201).send(result);
    },
  }),
  route({
    method: 'GET',
    url: '/l/:id',
    access: 'public',
    summary: "A link click on a capture page: counts it and redirects to the account's configured link (404 for anything else)",
    schema: { params: z.object({ id: z.string().min(1).max(100) }).strict(), response: { 302: emptyAnswer("To the account's configured link") } },
    async handler(request, reply) {
      const url = await followLink(request.server.deps.db, request.params.id, request.headers['user-agent']);
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  }),
];
