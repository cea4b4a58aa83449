import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { builtFile } from '../http/builtFile';
import { capturePageParams } from '#shared/domain/schemas/capture';
import { REFUSAL_MESSAGES, REFUSAL_REASONS, type RefusalReason } from '#shared/domain/capture';
import { HttpError } from '../errors';
import { renderCaptureHtml, type CaptureHtmlView } from '../http/captureHtml';
import { capturePagePayload, findPublicPage } from '../services/capturePage';
import { limitPageLoad } from '../services/captureLimits';
import { issueCaptureToken } from '../services/captureTokens';
import { fanLocaleOf, fanTextFor, varyByLanguage } from '../http/fanText';

const reasonOf = (error: HttpError): RefusalReason | undefined => REFUSAL_REASONS.find((reason) => reason === error.reason);

/**
 * GET /p/{accountSlug}/{pageSlug}: the fan capture page's HTML (not an API route, so not in
 * the route table). The server writes the title, social tags, favicon and a first paint into
 * the built capture.html; a refused page answers its status (404 unknown, 403 not open) with
 * its message. The HTML is never cached without asking (it carries the page's current state),
 * and never by a shared cache (it carries this browser's capture token).
 */
export function registerCapturePage(app: FastifyInstance, staticDir: string): void {
  const file = path.join(staticDir, 'capture.html');
  if (!fs.existsSync(file)) return;
  const template = builtFile(file);

  const notFoundView: CaptureHtmlView = { ok: false, refusal: { reason: 'page-not-found', message: REFUSAL_MESSAGES['page-not-found'], errors: [] } };
  // Written in the fan's language (a remembered choice, else Accept-Language); see server/http/fanText.ts.
  const send = (request: FastifyRequest, reply: FastifyReply, status: number, view: CaptureHtmlView) =>
    varyByLanguage(reply)
      .status(status)
      .header('cache-control', 'private, no-cache')
      .type('text/html; charset=utf-8')
      .send(renderCaptureHtml(template(), view, request.server.deps.config.baseUrl, fanTextFor(fanLocaleOf(request))));

  // Anything else under /p/ (too many segments, a slug longer than a route parameter may be) is no page.
  app.get('/p/*', { schema: { hide: true } }, async (request, reply) => send(request, reply, 404, notFoundView));

  app.get('/p/:accountSlug/:pageSlug', { schema: { hide: true } }, async (request, reply) => {
    const { deps } = request.server;
    const params = capturePageParams.safeParse(request.params);
    let view: CaptureHtmlView;
    let status = 200;
    if (!params.success) {
      view = notFoundView;
      status = 404;
    } else {
      try {
        await limitPageLoad(request);
        const found = await findPublicPage(deps.db, params.data.accountSlug, params.data.pageSlug);
        // The page's script reports the visit with its browser token (POST .../visits): here every
        // phone behind a venue's address would be one visitor.
        view = { ok: true, payload: capturePagePayload(found, deps.config, issueCaptureToken(deps.config, found.page.id)) };
      } catch (error) {
        if (!(error instanceof HttpError) || !reasonOf(error)) throw error;
        view = { ok: false, refusal: { reason: reasonOf(error), message: error.message, errors: [] } };
        status = error.status;
      }
    }
    return send(request, reply, status, view);
  });
}
