import type { FieldIssue } from '../src/domain/validation';
export type { ApiErrorBody } from '../src/domain/validation';
import { REFUSAL_MESSAGES, REFUSAL_STATUS, type RefusalReason } from '../src/domain/capture';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly errors: FieldIssue[] = [],
    readonly reason?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors: FieldIssue[] = []) =>
  new HttpError(400, 'ValidationError', message, errors);
/** Field-level problem found by a service (a taken slug, a wrong current password). */
export const fieldError = (path: string, message: string, args: Record<string, string | number> = {}) =>
  new HttpError(400, 'ValidationError', message, [{ path, message, args }]);
export const unauthenticated = (message = 'Authentication required') =>
  new HttpError(401, 'AuthenticationError', message);
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, 'AuthorizationError', message);
export const notFound = (what = 'Record') => new HttpError(404, 'NotFoundError', `${what} Not Found`);
export const conflict = (message: string, errors: FieldIssue[] = []) =>
  new HttpError(409, 'ConflictError', message, errors);
/** Plan limits answer 402 (a 403 would send the console to /) with 'upgrade' in the message; errors[0] names the upsell. */
export const upgradeRequired = (upsell: string, message: string) =>
  new HttpError(402, 'PlanLimitError', `${message} Please upgrade your plan.`, [
    { path: 'upsell', message: upsell, args: {} },
  ]);
export const tooManyRequests = (message = 'Too many attempts, please try again later') =>
  new HttpError(429, 'RateLimitError', message);
/** A capture page's refusal: its status, the fan's message (or a more precise one) and the reason code. */
export const refused = (reason: RefusalReason, message: string = REFUSAL_MESSAGES[reason]) =>
  new HttpError(REFUSAL_STATUS[reason], 'CaptureRefused', message, [], reason);
