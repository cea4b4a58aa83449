import { HttpError } from 'react-admin';

import type { ApiErrorBody, ApiMessage } from '#shared/domain/validation';
import { i18nProvider } from './i18n';

export type { ApiErrorBody };

/** A message of the API in the console's language: its key rendered, its English text the fallback. */
function rendered<T extends ApiMessage>(message: T): T {
  if (!message.messageKey) return message;
  return { ...message, message: i18nProvider.translate(message.messageKey, { _: message.message, ...message.messageArgs }) };
}

/** The body with every message rendered in the console's language. */
const localized = (api: ApiErrorBody): ApiErrorBody => ({ ...rendered(api), errors: api.errors.map(rendered) });

/**
 * An error answer of the API, its messages in the console's language. It is react-admin's
 * HttpError (so react-admin's checkError and notifications understand it) with the API's body;
 * body.errors is also given as the {field: message} map react-admin forms show under their inputs.
 */
export class ApiError extends HttpError {
  readonly api: ApiErrorBody;
  constructor(body: ApiErrorBody) {
    const api = localized(body);
    // react-admin's forms put body.errors ({field: message}) under their inputs; 'upsell' names
    // a plan prompt, not a field.
    const fieldErrors = Object.fromEntries(api.errors.filter((e) => e.path && e.path !== 'upsell').map((e) => [e.path, e.message]));
    super(api.message, api.status, { ...api, errors: fieldErrors });
    // react-admin's HttpError pins its own prototype; restore ours so instanceof and getters work.
    Object.setPrototypeOf(this, ApiError.prototype);
    this.api = api;
  }
  /** Plan-limit answers (402, 'upgrade' in the message): the upsell id the server named. */
  get upsell(): string | undefined {
    if (this.status !== 402 && !/upgrade/i.test(this.message)) return undefined;
    return this.api.errors.find((e) => e.path === 'upsell')?.message;
  }
}

/**
 * The API's error name (body.error) of a failed call. Read from the body rather than by class,
 * because react-admin hands some errors on as its own HttpError.
 */
export function apiErrorCode(error: unknown): string | undefined {
  const body = (error as { body?: { error?: unknown } } | null)?.body;
  return typeof body?.error === 'string' ? body.error : undefined;
}
