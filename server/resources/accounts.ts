import { accountSettingsUpdateBody, type AccountSettingsInput } from '#shared/domain/schemas/account';
import { accountDetails, updateAccountSettings } from '../services/accountSettings';
import { defineBehaviour } from './behaviour';

/**
 * The account's configuration is read with its plan, limits and counts (the payment provider's
 * customer id for platform admins only) and saved by the configuration service: identity fields
 * for platform admins only, images promoted from their uploads, the CSS cleaned.
 */
export const accountsBehaviour = defineBehaviour({
  routes: {
    show: {
      summary: 'The account: configuration, plan and limits, counts of videos, pages and users',
      handler: async (_request, _reply, { deps, parentId, actor }) => accountDetails(deps.db, parentId, actor),
    },
    edit: {
      summary:
        'Update the account configuration: colours, header style, links, help email, terms link, social texts, and images (favicon, header, main, social) from their ...Tmp uploads; platform admins also name, slug (unique) and cssOverride (cleaned)',
      body: accountSettingsUpdateBody,
      handler: async (request, _reply, { deps, parentId, actor }) => updateAccountSettings(deps, parentId, request.body as AccountSettingsInput, actor),
    },
  },
});
