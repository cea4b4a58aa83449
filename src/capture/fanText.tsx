import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { FanMessages } from '@shared/i18n/fan/en';
import { loadFanMessages } from '@shared/i18n/fan/load';
import { fill, percent, plural, sizeText } from '@shared/i18n/fan/format';
import { chooseFanLocale, FAN_LOCALE_COOKIE, FAN_LOCALE_COOKIE_MAX_AGE, FAN_LOCALE_STORAGE_KEY, fanLocaleOfCookie, isFanLocale, type FanLocale } from '@shared/i18n/fan/locales';

/** The fan's language and its strings, with the locale's ways of writing numbers and sizes. */
export interface FanText {
  locale: FanLocale;
  m: FanMessages;
  f: (template: string, args?: Record<string, string | number>) => string;
  plural: (forms: { one: string; other: string }, count: number) => string;
  percent: (whole: number) => string;
  size: (bytes: number) => string;
}

export function fanTextOf(locale: FanLocale, m: FanMessages): FanText {
  return {
    locale,
    m,
    f: (template, args) => fill(locale, template, args),
    plural: (forms, count) => plural(locale, forms, count),
    percent: (whole) => percent(locale, whole),
    size: (bytes) => sizeText(locale, bytes),
  };
}

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
    return localStorage.getItem(FAN_LOCALE_STORAGE_KEY) ?? fanLocaleOfCookie(document.cookie);
  } catch {
    return fanLocaleOfCookie(document.cookie);
  }
}

/** Keeps the choice in this browser and in a cookie the server reads to write its pages in it. */
function remember(locale: FanLocale): void {
  try {
    localStorage.setItem(FAN_LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private mode: the cookie still carries it.
  }
  document.cookie = `${FAN_LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${FAN_LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/**
 * The fan's language on load: a remembered choice, else the browser's languages, else English.
 * The server's strings are used when it wrote the page in that language; otherwise that one
 * language's chunk is loaded.
 */
export async function startFanText(): Promise<FanText> {
  const locale = chooseFanLocale(rememberedLocale(), navigator.languages?.length ? navigator.languages : [navigator.language]);
  const embedded = embeddedText();
  const text = embedded?.locale === locale ? embedded : fanTextOf(locale, await loadFanMessages(locale));
  // A choice kept only in localStorage goes back into the cookie, so the next load is written in it.
  if (isFanLocale(rememberedLocale())) remember(locale);
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

export async function switchFanText(locale: FanLocale): Promise<FanText> {
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
