import fs from 'node:fs';
import path from 'node:path';
import { builtFile } from '../http/builtFile';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { capturePageParams } from '#shared/domain/schemas/capture';
import { screenQuery } from '#shared/domain/schemas/venueScreen';
import { HttpError } from '../errors';
import { allowFraming } from '../plugins/security';
import { renderPlayerHtml, renderPublicNotFound, renderShareHtml, renderWallHtml } from '../http/shareHtml';
import { findSharedUpload, wallFrame } from '../services/publicWall';
import { renderReelShareHtml } from '../http/reelShareHtml';
import { findSharedReel } from '../services/reelShare';
import { screenFrame } from '../services/venueScreen';
import { renderScreenHtml } from '../http/screenHtml';
import { fanLocaleOf, fanTextFor, varyByLanguage, type FanText } from '../http/fanText';

const shareParams = z
  .object({
    shareToken: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/),
  })
  .strict();

/**
 * The public pages of uploads, server-written HTML in the capture page's template
 * (not API routes, so not in the route table):
 * - /s/{shareToken}: one upload with Open Graph video tags, in the account's branding;
 * - /s/{shareToken}/player: the bare player twitter:player frames;
 * - /p/{account}/{page}/wall: the page's wall alone, for an iframe on the account's site;
 * - /r/{shareToken}: a highlight reel staff shared, with Open Graph video tags.
 * - /p/{account}/{page}/screen?token=: the page's venue screen, only with its current token.
 * Anything not public answers the same 404 page. Never cached without asking, so an upload that
 * is hidden, flagged or deleted is gone from the next load.
 */
export function registerPublicPages(app: FastifyInstance, staticDir: string): void {
  const file = path.join(staticDir, 'capture.html');
  if (!fs.existsSync(file)) return;
  const template = builtFile(file);

  const send = (reply: FastifyReply, status: number, html: string) =>
    varyByLanguage(reply).status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

  /** Runs `render` in the fan's language; a 404 (or any refusal) of the service becomes the public not-found page. */
  async function page(request: FastifyRequest, reply: FastifyReply, render: (text: FanText) => Promise<string>, notFound: 'upload' | 'page' = 'upload') {
    const text = fanTextFor(fanLocaleOf(request));
    try {
      return send(reply, 200, await render(text));
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) return send(reply, 404, renderPublicNotFound(template(), text, notFound));
      throw error;
    }
  }
  const notFound = (request: FastifyRequest, reply: FastifyReply, what: 'upload' | 'page' = 'upload') =>
    send(reply, 404, renderPublicNotFound(template(), fanTextFor(fanLocaleOf(request)), what));

  // Anything else under /s/ (a token longer than a route parameter may be, more segments) is no share.
  app.get('/s/*', { schema: { hide: true } }, async (request, reply) => notFound(request, reply));

  /** A page reached by its share token: a token the route does not take answers the not-found page. */
  const byToken = (url: string, render: (deps: FastifyInstance['deps'], token: string, text: FanText) => Promise<string>, framed = false) =>
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      const params = shareParams.safeParse(request.params);
      if (!params.success) return notFound(request, reply);
      if (framed) allowFraming(reply);
      const { deps } = request.server;
      return page(request, reply, (text) => render(deps, params.data.shareToken, text));
    });

  byToken('/s/:shareToken', async (deps, token, text) => renderShareHtml(template(), await findSharedUpload(deps, token), deps.config.baseUrl, text));
  byToken('/s/:shareToken/player', async (deps, token, text) => renderPlayerHtml(template(), await findSharedUpload(deps, token), text), true);
  app.get('/r/*', { schema: { hide: true } }, async (request, reply) => notFound(request, reply));
  byToken('/r/:shareToken', async (deps, token, text) => renderReelShareHtml(template(), await findSharedReel(deps, token), deps.config.baseUrl, text));

  app.get('/p/:accountSlug/:pageSlug/wall', { schema: { hide: true } }, async (request, reply) => {
    const params = capturePageParams.safeParse(request.params);
    if (!params.success) return notFound(request, reply, 'page');
    allowFraming(reply);
    const { deps } = request.server;
    return page(request, reply, async (text) => renderWallHtml(template(), await wallFrame(deps, params.data.accountSlug, params.data.pageSlug), text), 'page');
  });

  // The screen counts no visit: nothing here or in its script reports one.
  app.get('/p/:accountSlug/:pageSlug/screen', { schema: { hide: true } }, async (request, reply) => {
    const params = capturePageParams.safeParse(request.params);
    const query = screenQuery.safeParse({ token: (request.query as Record<string, unknown>).token });
    if (!params.success || !query.success) return notFound(request, reply, 'page');
    const { deps } = request.server;
    return page(
      request,
      reply,
      async (text) => renderScreenHtml(template(), await screenFrame(deps, params.data.accountSlug, params.data.pageSlug, query.data.token), text),
      'page',
    );
  });
}
