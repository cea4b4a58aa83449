import { fanText } from './fanText';

const PREFIX = 'app.validation.';

/**
 * The shared schemas' messages are i18n keys (shared/i18n/validation.ts); the capture page says
 * the ones a fan can meet in the fan's language (shared/i18n/fan), any other as 'Invalid value'.
 */
export function messageOf(key: string, values: { max?: unknown; min?: unknown } = {}): string {
  const { m, f } = fanText();
  if (!key.startsWith(PREFIX)) return key;
  const template = (m.validation as Record<string, string>)[key.slice(PREFIX.length)] ?? m.validation.invalid;
  return f(template, { max: Number(values.max ?? 0), min: Number(values.min ?? 0) });
}
