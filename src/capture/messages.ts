import { validationMessages } from '@shared/i18n/validation';

const PREFIX = 'app.validation.';

/**
 * The shared schemas' messages are i18n keys (shared/i18n/validation.ts); the capture page is
 * English only, so it reads the same table the console and the server use.
 */
export function messageOf(key: string, values: { max?: unknown; min?: unknown } = {}): string {
  if (!key.startsWith(PREFIX)) return key;
  const text = (validationMessages as Record<string, string>)[key.slice(PREFIX.length)] ?? key;
  return text.replace('%{max}', String(values.max ?? '')).replace('%{min}', String(values.min ?? ''));
}
