import type { TranslationMessages } from 'react-admin';
import frenchMessages from 'ra-language-french';
import type { DeepStringRecord } from '#shared/i18n/types';
import { validationMessages } from '#shared/i18n/fr/validation';
import { serverMessages } from '#shared/i18n/fr/server';
import type { appMessages as enApp, resourceMessages as enResources } from './en';
import en from './en';
import { declaredResources } from './declaredResources';
import { authMessages } from './fr/auth';
import { layoutMessages, menuMessages, navMessages } from './fr/layout';
import { profileMessages } from './fr/profile';
import { upsellMessages } from './fr/upsell';
import { accountUsersMessages } from './fr/accountUsers';
import { accountSettingsMessages } from './fr/accountSettings';
import { pagesResourceMessages } from './fr/pages';
import { adminUsersResourceMessages } from './fr/adminUsers';
import { adminAccountsResourceMessages } from './fr/adminAccounts';
import { adminJobsResourceMessages } from './fr/adminJobs';
import { musicianMessages } from './fr/musician';
import { uploadMessages } from './fr/upload';
import { adminUploadsResourceMessages, dateRangeMessages, playerMessages, uploadsResourceMessages } from './fr/uploads';
import { subscriptionMessages } from './fr/subscription';
import { integrationsMessages } from './fr/integrations';
import { webhookMessages } from './fr/webhooks';
import { insightsMessages } from './fr/insights';
import { fanDataResourceMessages, privacyMessages } from './fr/fanData';

/** The console in French: typed against the English, so a key missing here fails the type check. */
const appMessages: DeepStringRecord<typeof enApp> = {
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
    title: 'Bientôt disponible',
    body: 'Cette partie de la console arrive bientôt.',
    named: "%{what} arrive bientôt : rien n'est encore conservé ni affiché ici.",
  },
};

const resourceMessages: DeepStringRecord<typeof enResources> = {
  pages: pagesResourceMessages,
  'admin/users': adminUsersResourceMessages,
  'admin/accounts': adminAccountsResourceMessages,
  uploads: uploadsResourceMessages,
  'admin/uploads': adminUploadsResourceMessages,
  'admin/jobs': adminJobsResourceMessages,
  data: fanDataResourceMessages,
};

/**
 * A declared resource in French (shared/resources/<name>.messages.fr.ts) over its English, so a
 * resource nobody translated yet still shows words rather than keys.
 */
const french = declaredResources(import.meta.glob<TranslationMessages>('../../shared/resources/*.messages.fr.ts', { eager: true, import: 'default' }));
const declaredResourceMessages = Object.fromEntries(
  Object.entries(en.resources as Record<string, TranslationMessages>)
    .filter(([name]) => !(name in resourceMessages))
    .map(([name, english]) => [name, { ...english, ...french[name] }]),
);

const fr: TranslationMessages = {
  ...frenchMessages,
  app: appMessages,
  resources: { ...resourceMessages, ...declaredResourceMessages },
};

export default fr;
