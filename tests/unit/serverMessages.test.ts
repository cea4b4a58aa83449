import { describe, expect, it } from 'vitest';
import { englishMessage, messageKeys } from '../../server/messages';
import { i18nProvider } from '../../src/i18n';
import { ApiError } from '../../src/apiError';

describe("the API's messages", () => {
  it('render on the server exactly as the console renders their keys, args and plurals included', () => {
    const keys = messageKeys();
    expect(keys.length).toBeGreaterThan(100);
    for (const key of keys) {
      const template = i18nProvider.translate(key, { _: '' });
      expect(template, key).not.toBe('');
      const names = [...template.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]);
      for (const count of [1, 3]) {
        const args = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
        const withCount = { ...args, smart_count: count };
        expect(englishMessage(key, withCount), key).toBe(i18nProvider.translate(key, withCount));
      }
    }
  });

  it('choose the plural form by smart_count', () => {
    expect(englishMessage('app.server.planAllowsPages', { smart_count: 1 })).toBe('Your plan allows 1 active page. Please upgrade your plan.');
    expect(englishMessage('app.server.planAllowsPages', { smart_count: 3 })).toBe('Your plan allows 3 active pages. Please upgrade your plan.');
  });

  it('reach the console in its own words: the key is rendered, the English text only stands in for an unknown key', () => {
    const error = new ApiError({
      status: 400,
      error: 'ValidationError',
      message: 'text the server wrote',
      messageKey: 'app.server.invalidInput',
      messageArgs: {},
      errors: [{ path: 'name', message: 'server English', messageKey: 'app.validation.maxLength', messageArgs: { max: 7 } }],
    });
    expect(error.message).toBe('Invalid input');
    expect(error.api.errors[0].message).toBe('Must be 7 characters or less');
    expect((error.body as { errors: Record<string, string> }).errors).toEqual({ name: 'Must be 7 characters or less' });
    const unknown = new ApiError({ status: 409, error: 'ConflictError', message: 'From a newer server', messageKey: 'app.server.notYetKnown', errors: [] });
    expect(unknown.message).toBe('From a newer server');
  });
});
