import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rightsAnswerForm } from '#shared/domain/schemas/rights';
import { HttpError } from '../errors';
import { fanTextFor } from '../http/fanText';
import { renderRightsHtml, renderRightsRefusal, type RightsPageView } from '../http/rightsHtml';
import { answerRights, rightsClips, type RightsClip } from '../services/rightsAnswers';
import { checkRightsLink, rightsPagePath } from '../services/rightsLinks';
import { releaseTextIn } from '../services/releaseTexts';
import { clientKeysFor } from '../services/clientKeys';
import type { FileStore } from '../files';
import { fileUrls } from '../files/signedUrls';

const LINK_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A form of a few hidden fields: anything larger is no answer of ours. */
const FORM_LIMIT = 4096;

function send(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

const pictureOf = (clip: RightsClip) => clip.customThumbnail ?? (clip.type === 'image' ? clip.image : clip.thumbnail) ?? null;

async function viewOf(files: FileStore, clips: RightsClip[], e: string, s: string, notice?: RightsPageView['notice']): Promise<RightsPageView> {
  const [first] = clips;
  // The fan's own clips, shown to them alone through their signed link.
  const signed = await fileUrls(files, clips.map(pictureOf), 'public');
  return {
    account: first.account,
    version: first.releaseVersion,
    text: releaseTextIn(first, first.locale),
    clips: clips.map((clip) => {
      const picture = pictureOf(clip);
      return { id: clip.id, status: clip.status, type: clip.type, page: clip.page, uploadedAt: clip.uploadedAt, picture: picture ? signed(picture) : null };
    }),
    e,
    s,
    notice,
  };
}

/**
 * The fan's rights page at /rights/{linkId}?e=&s= (the signed link of their mail; no account, no
 * script): the release text and their clips, each granted or declined with a button, a grant revoked
 * later from the same link. Written in the language recorded at upload, the one the text was
 * asked in. A forged link answers 403, an expired one 403, one with nothing left (erased) 404, each
 * a page saying so; never a 500. Server-written HTML taking a form post, so not in the route table.
 */
export function registerRightsPage(app: FastifyInstance): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    /** The link's clips, or the refusal page already sent. */
    async function checked(request: FastifyRequest, reply: FastifyReply, linkId: string, e: unknown, s: unknown): Promise<RightsClip[] | undefined> {
      const refuse = (status: number, reason: 'forged' | 'expired' | 'gone') => void send(reply, status, renderRightsRefusal(fanTextFor(undefined), reason));
      if (!LINK_ID.test(linkId)) return refuse(404, 'gone');
      const link = checkRightsLink(request.server.deps.config, linkId, e, s);
      if (link !== 'valid') return refuse(403, link);
      try {
        return await rightsClips(request.server.deps, linkId);
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return refuse(404, 'gone');
        throw error;
      }
    }

    scope.get('/rights/:linkId', { schema: { hide: true } }, async (request, reply) => {
      const { linkId } = request.params as { linkId: string };
      const query = request.query as Record<string, unknown>;
      const clips = await checked(request, reply, linkId, query.e, query.s);
      if (!clips) return reply;
      const notice = query.saved === '1' ? 'saved' : undefined;
      const view = await viewOf(request.server.deps.files, clips, String(query.e), String(query.s), notice);
      return send(reply, 200, renderRightsHtml(fanTextFor(clips[0].locale), view));
    });

    scope.post('/rights/:linkId', { schema: { hide: true } }, async (request, reply) => {
      const { linkId } = request.params as { linkId: string };
      const form = rightsAnswerForm.safeParse(request.body ?? {});
      const given = (request.body ?? {}) as Record<string, unknown>;
      const clips = await checked(request, reply, linkId, given.e, given.s);
      if (!clips) return reply;
      const text = fanTextFor(clips[0].locale);
      const invalid = async (status: number) =>
        send(reply, status, renderRightsHtml(text, await viewOf(request.server.deps.files, clips, String(given.e), String(given.s), 'invalid')));
      if (!form.success) return invalid(400);
      try {
        await answerRights(
          request.server.deps,
          linkId,
          form.data.request,
          form.data.answer,
          clientKeysFor(request.server.deps.config).address(request.ip),
          request.log,
        );
      } catch (error) {
        // Another clip's id, or an answer this clip's state does not take (a second click).
        if (error instanceof HttpError && (error.status === 404 || error.status === 409)) return invalid(error.status);
        throw error;
      }
      const back = `${rightsPagePath(linkId)}?${new URLSearchParams({ e: form.data.e, s: form.data.s, saved: '1' })}`;
      return reply.status(303).header('location', back).send();
    });
  });
}
