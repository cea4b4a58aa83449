import type { TranslationMessages } from 'react-admin';
import type { DeepStringRecord } from '#shared/i18n/types';
import type * as english from './modules';

/** A language's message modules: src/i18n/modules.ts, or another language's typed against it. */
type ConsoleModules = DeepStringRecord<typeof english>;

/**
 * A language's console: react-admin's own words (`ra`), ours (`app.<screen>`, `resources.<name>`)
 * from its modules, then the declared resources'. Every language is assembled here, so a module
 * added to the English is asked of the others by the type check.
 */
export const assembleConsole = (ra: TranslationMessages, m: ConsoleModules, declared: Record<string, TranslationMessages>): TranslationMessages => ({
  ...ra,
  app: {
    name: 'Fan Content Console',
    validation: m.validationMessages,
    server: m.serverMessages,
    auth: m.authMessages,
    nav: m.navMessages,
    menu: m.menuMessages,
    ...m.layoutMessages,
    profile: m.profileMessages,
    upsell: m.upsellMessages,
    accountUsers: m.accountUsersMessages,
    accountSettings: m.accountSettingsMessages,
    musician: m.musicianMessages,
    upload: m.uploadMessages,
    dateRange: m.dateRangeMessages,
    player: m.playerMessages,
    subscription: m.subscriptionMessages,
    integrations: m.integrationsMessages,
    webhooks: m.webhookMessages,
    insights: m.insightsMessages,
    privacy: m.privacyMessages,
  },
  resources: {
    pages: m.pagesResourceMessages,
    'admin/users': m.adminUsersResourceMessages,
    'admin/accounts': m.adminAccountsResourceMessages,
    uploads: m.uploadsResourceMessages,
    'admin/uploads': m.adminUploadsResourceMessages,
    'admin/jobs': m.adminJobsResourceMessages,
    data: m.fanDataResourceMessages,
    ...declared,
  },
});
