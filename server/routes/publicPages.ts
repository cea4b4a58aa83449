import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { capturePageParams } from '@shared/domain/schemas/capture';
import { HttpError } from '../errors';
import { allowFraming } from '../plugins/security';
import { renderPlayerHtml, renderPublicNotFound, renderShareHtml, renderWallHtml } from '../http/shareHtml';
import { findSharedUpload, wallFrame } from '../services/publicWall';

const shareParams = z.object({ shareToken: z.string().min(1).max(100).regex(/^[A-Za-z0-9_-]+$/) }).strict();

/**
 * The public pages of uploads (issue 12), server-written HTML in the capture page's template
 * (not API routes, so not in the route table):
 * - /s/{shareToken}: one upload with Open Graph video tags, in the account's branding;
 * - /s/{shareToken}/player: the bare player twitter:player frames;
 * - /p/{account}/{page}/wall: the page's wall alone, for an iframe on the account's site.
 * Anything not public answers the same 404 page. Never cached without asking, so an upload that
 * is hidden, flagged or deleted is gone from the next load.
 */
export function registerPublicPages(app: FastifyInstance, staticDir: string): void {
  const file = path.join(staticDir, 'capture.html');
  if (!fs.existsSync(file)) return;
  const template = fs.readFileSync(file, 'utf8');

  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

  /** Runs `render`; a 404 (or any refusal) of the service becomes the public not-found page. */
  async function page(reply: FastifyReply, render: () => Promise<string>, notFoundMessage?: string) {
    try {
      return send(reply, 200, await render());
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) return send(reply, 404, renderPublicNotFound(template, notFoundMessage));
      throw error;
    }
  }

  // Anything else under /s/ (a token longer than a route parameter may be, more segments) is no share.
  app.get('/s/*', { schema: { hide: true } }, async (_request, reply) => send(reply, 404, renderPublicNotFound(template)));

  app.get('/s/:shareToken', { schema: { hide: true } }, async (request, reply) => {
    const params = shareParams.safeParse(request.params);
    if (!params.success) return send(reply, 404, renderPublicNotFound(template));
    const { deps } = request.server;
    return page(reply, async () => renderShareHtml(template, await findSharedUpload(deps, params.data.shareToken), deps.config.baseUrl));
  });

  app.get('/s/:shareToken/player', { schema: { hide: true } }, async (request, reply) => {
    const params = shareParams.safeParse(request.params);
    if (!params.success) return send(reply, 404, renderPublicNotFound(template));
    allowFraming(reply);
    const { deps } = request.server;
    return page(reply, async () => renderPlayerHtml(template, await findSharedUpload(deps, params.data.shareToken)));
  });

  app.get('/p/:accountSlug/:pageSlug/wall', { schema: { hide: true } }, async (request, reply) => {
    const params = capturePageParams.safeParse(request.params);
    if (!params.success) return send(reply, 404, renderPublicNotFound(template, 'This page does not exist.'));
    allowFraming(reply);
    const { deps } = request.server;
    return page(reply, async () => renderWallHtml(template, await wallFrame(deps, params.data.accountSlug, params.data.pageSlug)), 'This page does not exist.');
  });
}
