import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { FanMessages } from '#shared/i18n/fan/en';
import { fill, percent, plural, sizeText } from '#shared/i18n/fan/format';
import { chooseFanLocale, FAN_LOCALE_STORAGE_KEY, isFanLocale, loadFanMessages, type FanLocale } from '#shared/i18n/fan/locales';

/** The fan's language and its strings, with the locale's ways of writing numbers and sizes. */
export function fanTextOf(locale: FanLocale, m: FanMessages) {
  return {
    locale,
    m,
    f: (template: string, args?: Record<string, string | number>) => fill(locale, template, args),
    plural: (forms: { one: string; other: string }, count: number) => plural(locale, forms, count),
    percent: (whole: number) => percent(locale, whole),
    size: (bytes: number) => sizeText(locale, bytes),
  };
}

export type FanText = ReturnType<typeof fanTextOf>;

/**
 * The language in force, for code outside components (refusals, validation messages): set once
 * before the first render and again on each switch, which re-renders the page.
 */
let current: FanText | undefined;
export function fanText(): FanText {
  if (!current) throw new Error('fan strings not loaded yet');
  return current;
}
export function setFanText(text: FanText): void {
  current = text;
}

/** The language the server wrote the page in and its strings (a data block), if any. */
function embeddedText(): FanText | undefined {
  try {
    const data = JSON.parse(document.getElementById('fan-text')?.textContent ?? 'null') as { locale?: unknown; messages?: FanMessages } | null;
    return data && isFanLocale(data.locale) && data.messages ? fanTextOf(data.locale, data.messages) : undefined;
  } catch {
    return undefined;
  }
}

function rememberedLocale(): string | undefined {
  try {
    return localStorage.getItem(FAN_LOCALE_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the choice in this browser only: the fan side sets no cookie. */
function remember(locale: FanLocale): void {
  try {
    localStorage.setItem(FAN_LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the choice lasts as long as the page.
  }
}

/**
 * The fan's language on load: the choice remembered in this browser, else the one the server
 * wrote the page in (a link's `?lang=`, else Accept-Language), else the browser's languages,
 * else English. The server's strings are used when they are in that language; otherwise that
 * one language's chunk is loaded, and the server's frame and `<html lang>` are re-worded.
 */
export async function startFanText(): Promise<FanText> {
  const embedded = embeddedText();
  const preferred = embedded ? [embedded.locale] : navigator.languages?.length ? navigator.languages : [navigator.language];
  const locale = chooseFanLocale(rememberedLocale(), preferred);
  const text = embedded?.locale === locale ? embedded : fanTextOf(locale, await loadFanMessages(locale));
  applyToDocument(text);
  setFanText(text);
  return text;
}

/**
 * The server's frame of the page (skip link, footer, the switch's label) carries the keys of its
 * words (`data-fan="page.terms"`), so a switch re-words it in place, with `<html lang>`.
 */
function applyToDocument(text: FanText): void {
  document.documentElement.lang = text.locale;
  document.querySelectorAll<HTMLElement>('[data-fan]').forEach((element) => {
    const [group, key] = (element.dataset.fan ?? '').split('.');
    const value = (text.m as unknown as Record<string, Record<string, unknown>>)[group]?.[key] ?? (text.m as unknown as Record<string, unknown>)[group];
    if (typeof value === 'string') element.textContent = value;
  });
  const select = document.getElementById('fan-locale');
  if (select instanceof HTMLSelectElement) select.value = text.locale;
}

async function switchFanText(locale: FanLocale): Promise<FanText> {
  const text = fanTextOf(locale, await loadFanMessages(locale));
  remember(locale);
  applyToDocument(text);
  setFanText(text);
  listeners.forEach((listener) => listener(text));
  return text;
}

const listeners = new Set<(text: FanText) => void>();

/** The language switch the server wrote into the footer: switching re-words the page in place and is remembered. */
export function attachLocaleSwitch(): void {
  const select = document.getElementById('fan-locale');
  if (!(select instanceof HTMLSelectElement)) return;
  select.addEventListener('change', () => {
    if (isFanLocale(select.value)) void switchFanText(select.value);
  });
}

const FanTextContext = createContext<FanText | undefined>(undefined);

/** Renders its children in the fan's language and again on each switch. */
export function FanTextProvider({ initial, children }: { initial: FanText; children: ReactNode }) {
  const [text, setText] = useState(initial);
  useEffect(() => {
    listeners.add(setText);
    return () => void listeners.delete(setText);
  }, []);
  return <FanTextContext.Provider value={text}>{children}</FanTextContext.Provider>;
}

export function useFanText(): FanText {
  return useContext(FanTextContext) ?? fanText();
}
