import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import en from '../../src/i18n/en';
import fr from '../../src/i18n/fr';

/** What react-admin shows after a save: `resources.<name>.notifications.<event>`, with its own words as the fallback. */
const toast = (messages: typeof en, resource: string, event: string, count = 1) =>
  polyglotI18nProvider(() => messages, 'en').translate(`resources.${resource}.notifications.${event}`, { smart_count: count, _: 'Element' });

describe('success toasts', () => {
  it('name the resource that changed, in each language', () => {
    expect(toast(en, 'pages', 'updated')).toBe('Page updated');
    expect(toast(en, 'pages', 'created')).toBe('Page created');
    expect(toast(en, 'invites', 'deleted')).toBe('Invite deleted');
    expect(toast(fr, 'pages', 'updated')).toBe('Modifications enregistrées : Page');
  });

  it('keep react-admin’s plural for many records at once', () => {
    expect(toast(en, 'pages', 'deleted', 3)).toBe('3 elements deleted');
    expect(toast(fr, 'pages', 'updated', 2)).toBe('2 éléments mis à jour');
  });
});
