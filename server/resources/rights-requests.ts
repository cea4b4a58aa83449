import { rightsRequestBody, rightsRequestResultSchema } from '#shared/domain/schemas/rights';
import { requestRights } from '../services/rightsRequests';
import { defineBehaviour } from './behaviour';

/** Rights requests are made from the uploads staff select: one mail per fan, all in one transaction. */
export const rightsRequestsBehaviour = defineBehaviour({
  routes: {
    create: {
      summary:
        "Ask the fans of these uploads (ids, at most 100, all the account's) for the rights to use them: one mail per fan in their language, " +
        'with the latest release text and a signed link. Uploads already asked or granted, or without a fan e-mail, are skipped and listed.',
      body: rightsRequestBody,
      response: { 201: rightsRequestResultSchema },
      async handler(request, reply, { deps, parentId, actor }) {
        return reply.status(201).send(await requestRights(deps, parentId, (request.body as { ids: string[] }).ids, actor));
      },
    },
  },
});
