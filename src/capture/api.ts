import { CAPTURE_TOKEN_HEADER, REFUSAL_REASONS, type Refusal } from '#shared/domain/capture';
import type { CapturePagePayload, SubmissionInput, SubmissionResult } from '#shared/domain/schemas/capture';
import { fanText } from './fanText';
import { messageOf } from './messages';
import { publicPagePath, type Slugs } from './wallApi';

export type { Refusal } from '#shared/domain/capture';

export type PageAnswer = { ok: true; payload: CapturePagePayload } | { ok: false; refusal: Refusal };

/** The account and page slugs of /p/{accountSlug}/{pageSlug}. */
export function slugsOf(pathname: string): Slugs | undefined {
  const match = /^\/p\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  try {
    return { accountSlug: decodeURIComponent(match[1]), pageSlug: decodeURIComponent(match[2]) };
  } catch {
    return undefined;
  }
}

const offline = (): Refusal => ({ message: fanText().m.form.offline, errors: [] });

type ErrorItem = { path: string; message: string; messageKey?: string; messageArgs?: Record<string, unknown> };

/** A field problem in the fan's language: its validation key when the server sent one, else its text. */
function fieldMessage(error: ErrorItem): string {
  if (typeof error.messageKey !== 'string' || !error.messageKey.startsWith('app.validation.')) return error.message;
  const args = error.messageArgs ?? {};
  return messageOf(error.messageKey, { max: args.max, min: args.min });
}

/** An error body of the public routes turned into a Refusal in the fan's language (unknown shapes get a plain message). */
export function refusalOf(status: number, body: unknown): Refusal {
  const { m, f } = fanText();
  const data = (body && typeof body === 'object' ? body : {}) as { reason?: string; message?: string; errors?: ErrorItem[] };
  const reason = REFUSAL_REASONS.find((known) => known === data.reason);
  const errors = Array.isArray(data.errors)
    ? data.errors.filter((e) => e && typeof e.path === 'string' && typeof e.message === 'string').map((e) => ({ path: e.path, message: fieldMessage(e) }))
    : [];
  if (reason) return { reason, message: m.refusal[reason], errors };
  if (status === 404) return { reason: 'page-not-found', message: m.refusal['page-not-found'], errors };
  // Storage out of reach (our 503 has its reason; a proxy's has none): the fan keeps the form and tries again later.
  if (status === 503) return { reason: 'storage-unavailable', message: m.refusal['storage-unavailable'], errors };
  return { message: f(m.form.failed, { status: String(status) }), errors };
}

export async function fetchPage(slugs: Slugs): Promise<PageAnswer> {
  let response: Response;
  try {
    response = await fetch(publicPagePath(slugs), { headers: { accept: 'application/json' } });
  } catch {
    return { ok: false, refusal: offline() };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) return { ok: false, refusal: refusalOf(response.status, body) };
  return { ok: true, payload: body as CapturePagePayload };
}

type SubmitAnswer = { ok: true; result: SubmissionResult } | { ok: false; refusal: Refusal };

/** The header with the browser token the page gave (none from a server that gives none). */
export const tokenHeaders = (payload: CapturePagePayload): Record<string, string> =>
  payload.upload.token ? { [CAPTURE_TOKEN_HEADER]: payload.upload.token } : {};

export async function postSubmission(slugs: Slugs, input: SubmissionInput, headers: Record<string, string> = {}): Promise<SubmitAnswer> {
  let response: Response;
  try {
    response = await fetch(`${publicPagePath(slugs)}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(input),
    });
  } catch {
    return { ok: false, refusal: offline() };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) return { ok: false, refusal: refusalOf(response.status, body) };
  return { ok: true, result: body as SubmissionResult };
}
