import { z } from 'zod';
import { LIMITS, MAX_PAGE_SIZE, TABLE_PAGE_SIZE } from '../constants';

/**
 * Messages are i18n keys of src/i18n/en.ts; the console translates them, the server's error
 * handler turns them into English. Length limits come from the issue (see validation.ts).
 */
export const M = {
  required: 'app.validation.required',
  email: 'app.validation.email',
  url: 'app.validation.url',
  tooLong: 'app.validation.maxLength',
  tooShort: 'app.validation.minLength',
  passwordMin: 'app.validation.passwordMin',
  passwordsMatch: 'app.validation.passwordsMatch',
  emailsMatch: 'app.validation.emailsMatch',
  agreeTerms: 'app.validation.agreeTerms',
  slug: 'app.validation.slug',
  wholeNumber: 'app.validation.wholeNumber',
  invalid: 'app.validation.invalid',
  controlCharacters: 'app.validation.controlCharacters',
  singleLine: 'app.validation.singleLine',
} as const;

interface TextOptions {
  /** Typed in a text area: tab and line breaks are allowed (other control characters never are). */
  multiline?: boolean;
}

// NUL and other control characters (C0, DEL, C1) break storage (PostgreSQL refuses NUL), logs and mail.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

/** Refuses control characters; single-line text refuses tab and line breaks too. */
const plainText = <T extends z.ZodString>(schema: T, { multiline = false }: TextOptions = {}) =>
  schema.refine((value) => !CONTROL.test(value), M.controlCharacters).refine((value) => multiline || !LINE_BREAK_OR_TAB.test(value), M.singleLine);

/** 'Required' when a field is missing, 'Invalid value' when it holds the wrong type. */
export const requiredOrInvalid = (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? M.required : M.invalid);

/** Trimmed text that must be there, at most `max` characters. */
const requiredString = (max: number) => z.string({ error: requiredOrInvalid }).trim().min(1, M.required).max(max, M.tooLong);

/** An http(s) address without spaces or control characters. */
const isWebAddress = (value: string) => /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(value) && !CONTROL.test(value);

export const requiredText = (max: number = LIMITS.shortText, options?: TextOptions) => plainText(requiredString(max), options);

/** A field that a cleared react-admin input sends as null: null (or absent) reads as blank. */
export const blankWhenNull = <T extends z.ZodType>(schema: T) => z.preprocess((value) => value ?? '', schema);

export const optionalText = (max: number = LIMITS.shortText, options?: TextOptions) =>
  plainText(z.string({ error: M.invalid }).trim().max(max, M.tooLong), options);

/** A list's free-text search (`q`). */
export const searchText = () => optionalText(100).optional();

export const emailField = (max: number = LIMITS.email) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .toLowerCase()
    .min(1, M.required)
    .max(max, M.tooLong)
    .pipe(z.email({ error: M.email }));

export const passwordField = z.string({ error: requiredOrInvalid }).min(1, M.required).min(LIMITS.passwordMin, M.passwordMin).max(LIMITS.password, M.tooLong);

/** A password typed for signing in: only required (old passwords may predate the rule). */
export const currentPasswordField = z.string({ error: requiredOrInvalid }).min(1, M.required).max(LIMITS.password, M.tooLong);

export const slugField = (max: number) => requiredString(max).regex(/^[A-Za-z0-9]+$/, M.slug);

export const urlField = (max: number = LIMITS.linkUrl) => requiredString(max).refine(isWebAddress, M.url);

/** A URL that may be left blank ('' or, from a cleared react-admin input, null: both read as ''). */
export const optionalUrlField = (max: number = LIMITS.linkUrl) =>
  z.preprocess(
    (value) => value ?? '',
    z
      .string({ error: M.invalid })
      .trim()
      .max(max, M.tooLong)
      .refine((value) => value === '' || isWebAddress(value), M.url),
  );

export const idParam = z.object({ id: z.string().min(1).max(64) });

/** The id of another record a form may choose or leave empty (a declared reference's column; '' from a cleared input reads as none). */
export const optionalReferenceId = () =>
  z.preprocess((value) => (value === '' ? null : value), z.string({ error: M.invalid }).max(64, M.tooLong).nullable().optional());

/** Server-side table protocol (docs/ARCHITECTURE.md, 'Lists'): page, limit (the tables' page size unless a list has its own), sort, order. */
export const listQuery = <S extends readonly [string, ...string[]]>(
  sorts: S,
  defaultSort: S[number],
  pageSize = { default: TABLE_PAGE_SIZE, max: MAX_PAGE_SIZE },
) =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(pageSize.max).default(pageSize.default),
    sort: z.enum(sorts).default(defaultSort as never),
    order: z.enum(['asc', 'desc']).default('desc'),
  });

/** Adds a confirmation field that must equal `field`. */
export function withConfirmation<T extends z.ZodRawShape>(shape: T, field: keyof T & string, confirm: string, message: string) {
  return z
    .object({ ...shape, [confirm]: z.string({ error: requiredOrInvalid }).min(1, M.required) })
    .strict()
    .refine((value) => (value as Record<string, unknown>)[field] === (value as Record<string, unknown>)[confirm], {
      message,
      path: [confirm],
    });
}
