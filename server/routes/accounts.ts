import { accountSettingsUpdateBody } from '#shared/domain/schemas/account';
import { accountDetailsSchema } from '#shared/domain/schemas/context';
import { accountDetails, updateAccountSettings } from '../services/accountSettings';
import type { RouteDef } from './define';
import { recordRoutes } from './recordRoutes';

const account = recordRoutes({ url: '/api/accounts/:id', resource: 'account', tags: ['accounts'], answer: accountDetailsSchema });

export const accountRoutes: RouteDef[] = [
  account.show('The account: configuration, plan and limits, counts of videos, pages and users', (request) =>
    accountDetails(request.server.deps.db, request.params.id, request.auth!.user),
  ),
  account.edit(
    'Update the account configuration: colours, header style, links, help email, terms link, social texts, and images (favicon, header, main, social) from their ...Tmp uploads; platform admins also name, slug (unique) and cssOverride (cleaned)',
    accountSettingsUpdateBody,
    (request) => updateAccountSettings(request.server.deps, request.params.id, request.body, request.auth!.user),
  ),
];
