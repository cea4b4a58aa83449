import { CAPTURE_TOKEN_HEADER, REFUSAL_MESSAGES, REFUSAL_REASONS, type Refusal } from '@shared/domain/capture';
import type { CapturePagePayload, SubmissionInput, SubmissionResult } from '@shared/domain/schemas/capture';

export type { Refusal } from '@shared/domain/capture';

export type PageAnswer = { ok: true; payload: CapturePagePayload } | { ok: false; refusal: Refusal };

/** The account and page slugs of /p/{accountSlug}/{pageSlug}. */
export function slugsOf(pathname: string): { accountSlug: string; pageSlug: string } | undefined {
  const match = /^\/p\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  try {
    return { accountSlug: decodeURIComponent(match[1]), pageSlug: decodeURIComponent(match[2]) };
  } catch {
    return undefined;
  }
}

const OFFLINE: Refusal = { message: 'We could not reach the server. Check your connection and try again.', errors: [] };

/** An error body of the public routes turned into a Refusal (unknown shapes get a plain message). */
export function refusalOf(status: number, body: unknown): Refusal {
  const data = (body && typeof body === 'object' ? body : {}) as { reason?: string; message?: string; errors?: Refusal['errors'] };
  const reason = REFUSAL_REASONS.find((known) => known === data.reason);
  const errors = Array.isArray(data.errors) ? data.errors.filter((e) => e && typeof e.path === 'string' && typeof e.message === 'string') : [];
  if (reason) return { reason, message: REFUSAL_MESSAGES[reason], errors };
  if (status === 404) return { reason: 'page-not-found', message: REFUSAL_MESSAGES['page-not-found'], errors };
  // Storage out of reach (our 503 has its reason; a proxy's has none): the fan keeps the form and tries again later.
  if (status === 503) return { reason: 'storage-unavailable', message: REFUSAL_MESSAGES['storage-unavailable'], errors };
  return { message: data.message || `Something went wrong (${status}). Please try again.`, errors };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

const base = (slugs: { accountSlug: string; pageSlug: string }) =>
  `/api/public/pages/${encodeURIComponent(slugs.accountSlug)}/${encodeURIComponent(slugs.pageSlug)}`;

export async function fetchPage(slugs: { accountSlug: string; pageSlug: string }): Promise<PageAnswer> {
  let response: Response;
  try {
    response = await fetch(base(slugs), { headers: { accept: 'application/json' } });
  } catch {
    return { ok: false, refusal: OFFLINE };
  }
  const body = await readJson(response);
  if (!response.ok) return { ok: false, refusal: refusalOf(response.status, body) };
  return { ok: true, payload: body as CapturePagePayload };
}

export type SubmitAnswer = { ok: true; result: SubmissionResult } | { ok: false; refusal: Refusal };

/** The header with the browser token the page gave (none from a server that gives none). */
export const tokenHeaders = (payload: CapturePagePayload): Record<string, string> =>
  payload.upload.token ? { [CAPTURE_TOKEN_HEADER]: payload.upload.token } : {};

export async function postSubmission(slugs: { accountSlug: string; pageSlug: string }, input: SubmissionInput, headers: Record<string, string> = {}): Promise<SubmitAnswer> {
  let response: Response;
  try {
    response = await fetch(`${base(slugs)}/submissions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(input),
    });
  } catch {
    return { ok: false, refusal: OFFLINE };
  }
  const body = await readJson(response);
  if (!response.ok) return { ok: false, refusal: refusalOf(response.status, body) };
  return { ok: true, result: body as SubmissionResult };
}
