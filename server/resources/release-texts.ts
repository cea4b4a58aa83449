import type { FastifyRequest } from 'fastify';
import { assertLatestVersion, writeReleaseVersion } from '../services/releaseTexts';
import { defineBehaviour } from './behaviour';

const textsOf = (request: FastifyRequest) => request.body as Record<string, string | null | undefined>;

/**
 * Release texts never change once written (fans agreed to them): creating and saving both write a
 * new version, a blank language taking the version before's text or the default one; only the
 * latest version may be saved (into the next), an older one is refused with 409.
 */
export const releaseTextsBehaviour = defineBehaviour({
  notFound: 'app.server.notFound.releaseText',
  routes: {
    create: {
      summary: "Write a new version of the release text (each language left out keeps the latest version's text, or the default one)",
      async handler(request, reply, context) {
        const id = await context.deps.db.transaction().execute((trx) => writeReleaseVersion(trx, context.parentId, textsOf(request)));
        return reply.status(201).send(await context.answer(id));
      },
    },
    edit: {
      summary: 'Save the latest version as a new one (answered); the version saved stays as fans saw it. 409 for an older version',
      async handler(request, _reply, context) {
        const record = await context.answer((request.params as { releaseTextId: string }).releaseTextId);
        const id = await context.deps.db.transaction().execute(async (trx) => {
          await assertLatestVersion(trx, context.parentId, Number(record.version));
          return writeReleaseVersion(trx, context.parentId, textsOf(request), String(record.id));
        });
        return context.answer(id);
      },
    },
  },
});
