import { describe, expect, it } from 'vitest';
import { acceptedLanguages, bestFanLocale, chooseFanLocale, FAN_LOCALES } from '#shared/i18n/fan/locales';
import { fill, percent, plural, sizeText } from '#shared/i18n/fan/format';
import { FAN_MESSAGES } from '#shared/i18n/fan/all';

describe("the fan's language", () => {
  it("takes the best match of the browser's languages by their primary subtag", () => {
    expect(bestFanLocale(['es-MX', 'en'])).toBe('es');
    expect(bestFanLocale(['pt-BR'])).toBe('pt');
    expect(bestFanLocale(['ja', 'de-AT', 'fr'])).toBe('de');
    expect(bestFanLocale(['ja', 'zh-Hant'])).toBeUndefined();
  });

  it('reads Accept-Language by weight, dropping q=0 and *', () => {
    expect(acceptedLanguages('fr;q=0.5, es-MX, *;q=0.1, de;q=0')).toEqual(['es-MX', 'fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(chooseFanLocale(undefined, acceptedLanguages('ja, pt-BR;q=0.8, en;q=0.5'))).toBe('pt');
  });

  it('falls back to English when nothing matches', () => {
    expect(chooseFanLocale(undefined, ['ja', 'ko'])).toBe('en');
    expect(chooseFanLocale(null, [])).toBe('en');
  });

  it('puts a remembered choice first, and ignores one that is not a language we speak', () => {
    expect(chooseFanLocale('de', ['es-MX'])).toBe('de');
    expect(chooseFanLocale('xx', ['es-MX'])).toBe('es');
  });

  it("writes numbers, counts and sizes in the fan's locale", () => {
    expect(plural('fr', FAN_MESSAGES.fr.wall.views, 1)).toBe('1 vue');
    expect(plural('de', FAN_MESSAGES.de.wall.views, 1234)).toBe('1.234 Aufrufe');
    expect(percent('de', 50)).toBe('50\u00a0%');
    expect(sizeText('fr', 2.5 * 1024 ** 3)).toBe('2,5\u202fGo');
    expect(sizeText('en', 25 * 1024 ** 2)).toBe('25 MB');
    expect(fill('es', FAN_MESSAGES.es.mail.approvedSubject, { account: 'Los Búhos' })).toBe('Los Búhos aprobó tu envío');
  });

  it('has every language with words of its own for the page', () => {
    for (const locale of FAN_LOCALES.filter((l) => l !== 'en')) expect(FAN_MESSAGES[locale].form.send).not.toBe(FAN_MESSAGES.en.form.send);
  });

  it('gives each registered language every English key, none empty, with the English placeholders', () => {
    const flat = (value: unknown, prefix = ''): [string, string][] =>
      typeof value === 'string' ? [[prefix, value]] : Object.entries(value as object).flatMap(([key, inner]) => flat(inner, prefix ? `${prefix}.${key}` : key));
    const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();
    const english = new Map(flat(FAN_MESSAGES.en));
    for (const locale of FAN_LOCALES) {
      const messages = new Map(flat(FAN_MESSAGES[locale]));
      expect([...messages.keys()].sort(), locale).toEqual([...english.keys()].sort());
      for (const [key, text] of messages) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(english.get(key) ?? ''));
      }
    }
  });
});
