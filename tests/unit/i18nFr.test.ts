import { describe, expect, it } from 'vitest';
import type { TranslationMessages } from 'react-admin';
import en from '../../src/i18n/en';
import fr from '../../src/i18n/fr';
import { i18nProvider, LOADERS } from '../../src/i18n';
import { formatters } from '../../src/i18n/format';
import { bestLocale, DEFAULT_LOCALE, LOCALES } from '#shared/domain/locales';

function leaves(tree: object, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [name, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${name}`, value);
    else if (value && typeof value === 'object') leaves(value, `${prefix}${name}.`, into);
  }
  return into;
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]))].sort();

describe('the console in French', () => {
  const english = leaves(en as TranslationMessages);
  const french = leaves(fr);

  it('has every key of the English (react-admin’s own included), none left empty, with the same placeholders and plural forms', () => {
    expect(english.size).toBeGreaterThan(1000);
    const missing = [...english.keys()].filter((key) => !french.has(key));
    expect(missing).toEqual([]);
    const empty = [...french].filter(([key, text]) => !text.trim() && english.get(key)?.trim()).map(([key]) => key);
    expect(empty).toEqual([]);
    // Ours take the same arguments and pluralise alike (react-admin's own French is its maintainers').
    for (const [key, text] of english) {
      if (key.startsWith('ra.')) continue;
      const translated = french.get(key)!;
      expect(placeholders(translated), key).toEqual(placeholders(text));
      expect(translated.includes('||||'), key).toBe(text.includes('||||'));
    }
  });

  it('is, like every language of LOCALE_NAMES, one file src/i18n/<locale>.ts loaded on demand', () => {
    const files = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => `./${locale}.ts`);
    expect(Object.keys(LOADERS).sort()).toEqual(files.sort());
    expect(files).toContain('./fr.ts');
  });

  it('is loaded when chosen, and French words come back for keys and the API’s messages', async () => {
    await i18nProvider.changeLocale('fr');
    try {
      expect(i18nProvider.translate('app.nav.uploads')).toBe('Contenus des fans');
      expect(i18nProvider.translate('ra.action.save')).toBe('Enregistrer');
      expect(i18nProvider.translate('app.server.planAllowsPages', { smart_count: 2 })).toBe("Votre offre permet 2 pages actives. Veuillez changer d'offre.");
      expect(i18nProvider.translate('app.validation.maxLength', { max: 7 })).toBe('7 caractères au plus');
    } finally {
      await i18nProvider.changeLocale('en');
    }
    expect(i18nProvider.translate('app.nav.uploads')).toBe('Fan Uploads');
  });

  it('follows the browser’s best language until the user chooses, English otherwise', () => {
    expect(bestLocale(['fr-CA', 'en'])).toBe('fr');
    expect(bestLocale(['de-DE', 'FR'])).toBe('fr');
    expect(bestLocale(['de-DE'])).toBe('en');
    expect(bestLocale([])).toBe('en');
  });

  it('writes numbers and days as each language does', () => {
    expect(formatters('en').number(12345.5)).toBe('12,345.50');
    expect(formatters('fr').number(12345)).toBe('12\u202f345');
    expect(formatters('en').day('2026-01-05')).toBe('01/05/26');
    expect(formatters('fr').day('2026-01-05')).toBe('05/01/26');
    expect(formatters('en').change(12.5)).toBe('+12.50%');
    expect(formatters('fr').change(-3)).toMatch(/^-3\s%$/);
  });
});
