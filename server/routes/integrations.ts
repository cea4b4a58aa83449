import { z } from 'zod';
import { idParam } from '#shared/domain/schemas/common';
import { accountIntegrations, connectDropbox, disconnectDropbox, finishDropboxConnect } from '../services/dropbox';
import { authorizeUrlSchema, integrationsSchema } from '#shared/domain/schemas/integrations';
import { accessTo, answerOfPathId, taggedRoute, type RouteDef } from './define';
import { emptyAnswer } from './answers';

const route = taggedRoute('integrations');
const access = accessTo('integrations');
const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

export const integrationRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/accounts/:id/integrations',
    access: access('show'),
    summary: "The account's integrations: Dropbox available on the plan, set up on the server, connected or broken",
    schema: { params: idParam, response: { 200: integrationsSchema } },
    handler: answerOfPathId(accountIntegrations),
  }),
  route({
    method: 'GET',
    url: '/api/accounts/:id/connect-dropbox',
    access: access('edit'),
    summary: "Starts connecting Dropbox: answers {url}, Dropbox's authorize page (OAuth 2 with PKCE, offline access)",
    sameOriginOnly: true,
    schema: { params: idParam, response: { 200: authorizeUrlSchema } },
    async handler(request) {
      return connectDropbox(request.server.deps, request.params.id, request.auth!.user);
    },
  }),
  route({
    method: 'GET',
    url: '/api/integrations/dropbox/callback',
    access: 'signedIn',
    summary: "Dropbox's redirect back: keeps the refresh token encrypted and returns to account configuration (integrationErr when it failed)",
    schema: { querystring: callbackQuery, response: { 302: emptyAnswer('Back to account configuration (integrationErr when it failed)') } },
    async handler(request, reply) {
      return reply.redirect(await finishDropboxConnect(request.server.deps, request.auth!.user.id, request.query));
    },
  }),
  route({
    method: 'DELETE',
    url: '/api/accounts/:id/dropbox',
    access: access('edit'),
    summary: 'Disconnects Dropbox: revokes the token at Dropbox and forgets it',
    schema: { params: idParam, response: { 200: integrationsSchema } },
    handler: answerOfPathId(disconnectDropbox),
  }),
];
