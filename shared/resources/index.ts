import type { AnyResource } from './define';
import { webhookDeliveries } from './webhook-deliveries';
import { invites } from './invites';
import { userMessages } from './user-messages';
import { accountUsers } from './account-users';
import { pages } from './pages';
import { accounts } from './accounts';
import { adminAccounts } from './admin-accounts';
import { adminUploads } from './admin-uploads';
import { uploads } from './uploads';
import { adminUsers } from './admin-users';
import { fanData } from './data';
import { reels } from './reels';
import { myAccounts } from './my-accounts';
import { releaseTexts } from './release-texts';
import { rightsRequests } from './rights-requests';

/**
 * Every declared resource of the product: a resource exists by its line here, and the
 * server's routes, the permission table and the console's screens and menu all read this list.
 * `npm run new:resource <name>` adds its import above and its name below. A test's own resources
 * live in the tables its app and its auth provider are built with, never here.
 */
export const resources: readonly AnyResource[] = [
  webhookDeliveries,
  invites,
  userMessages,
  accountUsers,
  uploads,
  pages,
  accounts,
  adminAccounts,
  adminUploads,
  adminUsers,
  fanData,
  reels,
  myAccounts,
  releaseTexts,
  rightsRequests,
];
