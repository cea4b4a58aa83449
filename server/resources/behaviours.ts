import { actionsOf, type AnyResource } from '#shared/resources/define';
import type { ResourceBehaviour } from './behaviour';
import { userMessagesBehaviour } from './user-messages';
import { accountUsersBehaviour } from './account-users';
import { pagesBehaviour } from './pages';
import { accountsBehaviour } from './accounts';
import { adminAccountsBehaviour } from './admin-accounts';
import { adminUploadsBehaviour } from './admin-uploads';
import { uploadsBehaviour } from './uploads';
import { adminUsersBehaviour } from './admin-users';
import { fanDataBehaviour } from './data';
import { reelsBehaviour } from './reels';
import { myAccountsBehaviour } from './my-accounts';
import { releaseTextsBehaviour } from './release-texts';
import { rightsRequestsBehaviour } from './rights-requests';

/**
 * Whether a resource reads through a repository of its own (account users through their user),
 * not the generated one: its own find, or its own list when a list is all it reads.
 */
export function readsOwnRepository(resource: AnyResource): boolean {
  const replaced = behaviours[resource.name]?.repository;
  return !!replaced?.find || (!!replaced?.list && !actionsOf(resource).includes('show'));
}

/** Each declared resource's server behaviour, by its name; a resource without one is storage alone. */
export const behaviours: Readonly<Record<string, ResourceBehaviour>> = {
  'account-users': accountUsersBehaviour,
  'user-messages': userMessagesBehaviour,
  pages: pagesBehaviour,
  uploads: uploadsBehaviour,
  accounts: accountsBehaviour,
  'admin/accounts': adminAccountsBehaviour,
  'admin/uploads': adminUploadsBehaviour,
  'admin/users': adminUsersBehaviour,
  data: fanDataBehaviour,
  reels: reelsBehaviour,
  'my-accounts': myAccountsBehaviour,
  'release-texts': releaseTextsBehaviour,
  'rights-requests': rightsRequestsBehaviour,
};
