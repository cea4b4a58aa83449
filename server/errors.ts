import type { FieldIssue } from '#shared/domain/validation';
export type { ApiErrorBody } from '#shared/domain/validation';
import { REFUSAL_STATUS, sizeLabel, type CaptureKind, type RefusalReason } from '#shared/domain/capture';
import type { serverMessages } from '#shared/i18n/server';
import { englishMessage, type Message, type MessageArgs, type MessageKey } from './messages';

interface HttpErrorDetails {
  errors?: FieldIssue[];
  /** A capture page's refusal reason (shared/domain/capture.ts). */
  reason?: string;
  /** English detail after the message, for API readers (the first field problem of a validation error). */
  detail?: string;
}

/**
 * An error answer. Its message is a key of shared/i18n/server.ts with args: the body carries both
 * and the English text, so the console can render it in the user's language.
 */
export class HttpError extends Error {
  readonly errors: FieldIssue[];
  readonly reason?: string;
  constructor(
    readonly status: number,
    readonly error: string,
    readonly key: MessageKey,
    readonly args: MessageArgs = {},
    details: HttpErrorDetails = {},
  ) {
    super(englishMessage(key, args) + (details.detail ? `: ${details.detail}` : ''));
    this.errors = details.errors ?? [];
    this.reason = details.reason;
  }
}

export const badRequest = (key: MessageKey, args: MessageArgs = {}, errors: FieldIssue[] = []) => new HttpError(400, 'ValidationError', key, args, { errors });
/** Field-level problem found by a service (a taken slug, a wrong current password). */
export const fieldError = (path: string, key: MessageKey, args: MessageArgs = {}) =>
  new HttpError(400, 'ValidationError', key, args, { errors: [{ path, message: key, args }] });
export const unauthenticated = (key: MessageKey = 'app.server.authenticationRequired') => new HttpError(401, 'AuthenticationError', key);
export const forbidden = (key: MessageKey = 'app.server.forbidden') => new HttpError(403, 'AuthorizationError', key);
export const notFound = (what: keyof typeof serverMessages.notFound) => new HttpError(404, 'NotFoundError', `app.server.notFound.${what}`);
/** The row a lookup found, or the 404 that names what is missing. */
export function orNotFound<T>(row: T | null | undefined, what: keyof typeof serverMessages.notFound): T {
  if (!row) throw notFound(what);
  return row;
}
export const conflict = (key: MessageKey, args: MessageArgs = {}, errors: FieldIssue[] = []) => new HttpError(409, 'ConflictError', key, args, { errors });
/** Plan limits answer 402 (a 403 would send the console to /) with 'upgrade' in the message; errors[0] names the upsell. */
export const upgradeRequired = (upsell: string, key: MessageKey, args: MessageArgs = {}) =>
  new HttpError(402, 'PlanLimitError', key, args, { errors: [{ path: 'upsell', message: upsell, args: {} }] });
export const tooManyRequests = (key: MessageKey = 'app.server.tooManyRequests', args: MessageArgs = {}) => new HttpError(429, 'RateLimitError', key, args);
/** A capture page's refusal: its status, the fan's message (or a more precise one) and the reason code. */
export const refused = (reason: RefusalReason, message: Message = { key: `app.server.refusal.${reason}` }) =>
  new HttpError(REFUSAL_STATUS[reason], 'CaptureRefused', message.key, message.args, { reason });
/** A fan's file past its kind's size limit, the limit named. */
export const refusedTooLarge = (kind: CaptureKind, maxBytes: number) =>
  refused('too-large', { key: kind === 'video' ? 'app.server.refusalTooLargeVideo' : 'app.server.refusalTooLargePhoto', args: { size: sizeLabel(maxBytes) } });

/** The billing provider failed (spec console.md section 8: Payment Error). */
export const paymentError = () => new HttpError(502, 'PaymentError', 'app.server.paymentError');
