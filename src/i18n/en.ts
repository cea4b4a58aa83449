import type { TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import { validationMessages } from '@shared/i18n/validation';
import { serverMessages } from '@shared/i18n/server';
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

/**
 * A declared resource's strings (shared/resources/<name>.messages.ts: name, fields), found by
 * their file's existence as react-admin's resources.<name>; the menu's label is the name's plural.
 */
const declaredResourceMessages = Object.fromEntries(
  Object.entries(import.meta.glob<TranslationMessages>('../../shared/resources/*.messages.ts', { eager: true, import: 'default' })).map(([file, messages]) => [
    file.replace(/^.*\/|\.messages\.ts$/g, ''),
    { menu: String(messages.name).split('||||').pop()!.trim(), ...messages },
  ]),
);

/** Every user-visible string of the console. Resources add `resources.<name>`; screens `app.<screen>`. */
const en: TranslationMessages = {
  ...englishMessages,
  app: {
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
  },
  resources: { pages: pagesResourceMessages, 'admin/users': adminUsersResourceMessages, 'admin/accounts': adminAccountsResourceMessages,
    uploads: uploadsResourceMessages,
    'admin/uploads': adminUploadsResourceMessages,
    'admin/jobs': adminJobsResourceMessages,
    data: fanDataResourceMessages,
    ...declaredResourceMessages,
  },
};

export default en;
