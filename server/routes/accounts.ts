import { idParam } from '#shared/domain/schemas/common';
import { accountSettingsUpdateBody } from '#shared/domain/schemas/account';
import { accountDetailsSchema } from '#shared/domain/schemas/context';
import { accountDetails, updateAccountSettings } from '../services/accountSettings';
import { route, type RouteDef } from './define';

const tags = ['accounts'];

export const accountRoutes: RouteDef[] = [
  route({
    method: 'GET',
    url: '/api/accounts/:id',
    access: { resource: 'account', action: 'show' },
    summary: 'The account: configuration, plan and limits, counts of videos, pages and users',
    tags,
    schema: { params: idParam, response: { 200: accountDetailsSchema } },
    async handler(request) {
      return accountDetails(request.server.deps.db, request.params.id, request.auth!.user);
    },
  }),
  route({
    method: 'PUT',
    url: '/api/accounts/:id',
    access: { resource: 'account', action: 'edit' },
    summary: 'Update the account configuration: colours, header style, links, help email, terms link, social texts, and images (favicon, header, main, social) from their ...Tmp uploads; platform admins also name, slug (unique) and cssOverride (cleaned)',
    tags,
    schema: { params: idParam, body: accountSettingsUpdateBody, response: { 200: accountDetailsSchema } },
    async handler(request) {
      return updateAccountSettings(request.server.deps, request.params.id, request.body, request.auth!.user);
    },
  }),
];
