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
export const assembleConsole = (ra: TranslationMessages, m: ConsoleModules, declared: Record<string, TranslationMessages>): TranslationMessages =>
  withNotifications(ra, m, {
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

/** The singular half of a resource's `name` ('Page |||| Your Pages' → 'Page'). */
const singularOf = (name: unknown) => (typeof name === 'string' ? name.split('||||')[0].trim() : '');

/**
 * react-admin's success toasts ('Element updated') name no resource; it looks for
 * `resources.<name>.notifications.<event>` first, so each named resource gets its own ('Page
 * updated') from the language's `notificationMessages`; many records at once keep react-admin's
 * plural. A resource that words its toasts itself keeps them.
 */
function withNotifications(ra: TranslationMessages, m: ConsoleModules, messages: TranslationMessages): TranslationMessages {
  const plural = (event: 'created' | 'updated' | 'deleted') => (ra.ra.notification as Record<string, string>)[event].split('||||').slice(1);
  const named = (event: 'created' | 'updated' | 'deleted', singular: string) =>
    [m.notificationMessages[event].replace('%{name}', singular), ...plural(event).map((text) => text.trim())].join(' |||| ');
  const resources: Record<string, TranslationMessages> = Object.fromEntries(
    Object.entries(messages.resources as Record<string, TranslationMessages>).map(([resource, strings]) => {
      const singular = singularOf(strings.name);
      if (!singular) return [resource, strings];
      const notifications = { created: named('created', singular), updated: named('updated', singular), deleted: named('deleted', singular) };
      return [resource, { ...strings, notifications: { ...notifications, ...(strings.notifications as TranslationMessages | undefined) } }];
    }),
  );
  return { ...messages, resources };
}
