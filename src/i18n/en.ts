import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import { validationMessages } from '#shared/i18n/validation';
import { serverMessages } from '#shared/i18n/server';
import { authMessages } from './auth';
import { layoutMessages, menuMessages, navMessages } from './layout';
import { profileMessages } from './profile';
import { upsellMessages } from './upsell';
import { accountUsersMessages } from './accountUsers';
import { accountSettingsMessages } from './accountSettings';
import { pagesResourceMessages } from './pages';
import { adminUsersResourceMessages } from './adminUsers';
import { adminAccountsResourceMessages } from './adminAccounts';
import { adminJobsResourceMessages } from './adminJobs';
import { musicianMessages } from './musician';
import { uploadMessages } from './upload';
import { adminUploadsResourceMessages, dateRangeMessages, playerMessages, uploadsResourceMessages } from './uploads';
import { subscriptionMessages } from './subscription';
import { integrationsMessages } from './integrations';
import { webhookMessages } from './webhooks';
import { insightsMessages } from './insights';
import { fanDataResourceMessages, privacyMessages } from './fanData';
import { declaredResources } from './declaredResources';

/** Declared resources' strings: shared/resources/<name>.messages.ts. */
const declaredResourceMessages = declaredResources(import.meta.glob<TranslationMessages>('../../shared/resources/*.messages.ts', { eager: true, import: 'default' }));

/** Every user-visible string of the console's screens (`app.<screen>`). */
export const appMessages = {
  name: 'Fan Content Console',
  validation: validationMessages,
  server: serverMessages,
  auth: authMessages,
  nav: navMessages,
  menu: menuMessages,
  ...layoutMessages,
  profile: profileMessages,
  upsell: upsellMessages,
  accountUsers: accountUsersMessages,
  accountSettings: accountSettingsMessages,
  musician: musicianMessages,
  upload: uploadMessages,
  dateRange: dateRangeMessages,
  player: playerMessages,
  subscription: subscriptionMessages,
  integrations: integrationsMessages,
  webhooks: webhookMessages,
  insights: insightsMessages,
  privacy: privacyMessages,
  comingSoon: {
    title: 'Coming soon',
    body: 'This part of the console is coming soon.',
    named: '%{what} is coming soon: nothing here is kept or shown yet.',
  },
};

/** The strings of our resources (`resources.<name>`); declared resources bring their own files. */
export const resourceMessages = {
  pages: pagesResourceMessages,
  'admin/users': adminUsersResourceMessages,
  'admin/accounts': adminAccountsResourceMessages,
  uploads: uploadsResourceMessages,
  'admin/uploads': adminUploadsResourceMessages,
  'admin/jobs': adminJobsResourceMessages,
  data: fanDataResourceMessages,
};

/** Every user-visible string of the console, with react-admin's own. Other languages mirror it (src/i18n/fr.ts). */
const en: TranslationMessages = {
  ...englishMessages,
  app: appMessages,
  resources: { ...resourceMessages, ...declaredResourceMessages },
};

export default en;
