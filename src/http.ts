import queryString from 'query-string';
import { CONSOLE_REQUEST_HEADER, LOCAL_STORAGE_PREFIX } from '#shared/domain/constants';
import type { ApiErrorBody } from './apiError';
import { ApiError } from './apiError';

/**
 * The one fetch wrapper: cache-buster on GETs, version header sent and read, errors mapped to
 * ApiError, and the app-wide reactions of spec section 8 (401 reload, version change, error
 * dialog) broadcast as window events that the shell listens to.
 */
export const APP_EVENTS = {
  versionChanged: 'app:version-changed',
  error: 'app:error',
  /** A 403 authorization error: the shell sends the user to / (spec section 8). */
  forbidden: 'app:forbidden',
} as const;

export const STORAGE_KEYS = {
  sessionExpired: `${LOCAL_STORAGE_PREFIX}sessionExpired`,
  previousPath: `${LOCAL_STORAGE_PREFIX}previousPath`,
} as const;

let knownVersion: string | undefined;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, unknown>;
  body?: unknown;
  /** Sign-in forms handle their own 401s and 403s; everywhere else a 401 reloads to the login screen and a 403 goes to /. */
  handleAuthErrors?: boolean;
  /** Show the generic Error dialog for errors other than 401 and 403 (default false: the caller shows them). */
  errorDialog?: boolean;
}

function onVersion(version: string | null): void {
  if (!version) return;
  if (knownVersion === undefined) knownVersion = version;
  else if (version !== knownVersion) window.dispatchEvent(new CustomEvent(APP_EVENTS.versionChanged, { detail: version }));
}

/** 401 outside /login: remember where the user was, mark the session expired, reload. */
function handleUnauthenticated(): void {
  const { pathname, search } = window.location;
  if (pathname.startsWith('/login')) return;
  localStorage.setItem(STORAGE_KEYS.previousPath, pathname + search);
  localStorage.setItem(STORAGE_KEYS.sessionExpired, '1');
  window.location.reload();
}

/** A 403 that refuses the caller (spec: 'authorization error'), not a plan limit's 'upgrade'. */
function isAuthorizationError(error: ApiError): boolean {
  return error.status === 403 && !error.upsell;
}

/** Errors the one path below has already dealt with (a reload or a move to /): nobody shows them again. */
export function isHandledByShell(error: ApiError): boolean {
  return error.status === 401 || isAuthorizationError(error);
}

/** The generic 'Error' dialog of spec section 8, for an error nobody handles otherwise. */
export function showErrorDialog(error: ApiError): void {
  window.dispatchEvent(new CustomEvent(APP_EVENTS.error, { detail: error }));
}

const RECENT_ERRORS = 10;
/** How long after a failed call a report of its message still names it. */
const RECENT_ERROR_MS = 30_000;
const recentErrors: { error: ApiError; at: number }[] = [];

/**
 * The API error most recently thrown with this (rendered) message. react-admin's hooks and the
 * screens report a failed call by its message; the shell finds the call's status and error
 * items here to show them in the Error dialog.
 */
export function recentApiError(message: string): ApiError | undefined {
  const since = Date.now() - RECENT_ERROR_MS;
  return recentErrors.findLast(({ error, at }) => at >= since && error.message === message)?.error;
}

/**
 * The one path every call's failure takes (spec section 8): 401 outside the sign-in screens
 * reloads with the session-expired marker, 403 sends the user to /, and the Error dialog
 * shows what the caller asked it to show.
 */
function onFailure(error: ApiError, options: RequestOptions): void {
  recentErrors.push({ error, at: Date.now() });
  if (recentErrors.length > RECENT_ERRORS) recentErrors.shift();
  if (options.handleAuthErrors !== false && error.status === 401) handleUnauthenticated();
  else if (options.handleAuthErrors !== false && isAuthorizationError(error)) window.dispatchEvent(new CustomEvent(APP_EVENTS.forbidden, { detail: error }));
  else if (options.errorDialog && !isHandledByShell(error)) showErrorDialog(error);
}

/** A console address with a fresh cache-buster (spec section 7: 'All GET requests carry a cache-busting parameter'). */
export function cacheBusted(path: string, query: Record<string, unknown> = {}): string {
  return queryString.stringifyUrl(
    { url: path, query: { ...query, _: String(Date.now()) } as Record<string, string> },
    { skipNull: true, skipEmptyString: true },
  );
}

/**
 * For links the browser follows itself (CSV export, zip download): the buster is set when the
 * link is clicked, so a second click is not answered from the cache either.
 */
export function bustOnClick(event: { currentTarget: { href: string } }): void {
  const url = new URL(event.currentTarget.href, window.location.href);
  url.searchParams.set('_', String(Date.now()));
  event.currentTarget.href = url.origin === window.location.origin ? url.pathname + url.search : url.toString();
}

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url =
    method === 'GET'
      ? cacheBusted(path, options.query)
      : options.query
        ? queryString.stringifyUrl({ url: path, query: options.query as Record<string, string> }, { skipNull: true, skipEmptyString: true })
        : path;
  const headers: Record<string, string> = { accept: 'application/json', [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value };
  if (knownVersion) headers['x-app-version'] = knownVersion;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    const error = new ApiError({
      status: 0,
      error: 'NetworkError',
      message: 'The server could not be reached',
      messageKey: 'app.server.unreachable',
      errors: [],
    });
    onFailure(error, options);
    throw error;
  }
  onVersion(response.headers.get('x-app-version'));
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.ok) return json as T;
  const body = (json ?? {}) as Partial<ApiErrorBody>;
  const error = new ApiError({
    status: response.status,
    error: body.error ?? 'Error',
    message: body.message ?? 'An error occurred',
    messageKey: body.messageKey,
    messageArgs: body.messageArgs,
    errors: Array.isArray(body.errors) ? body.errors : [],
  });
  onFailure(error, options);
  throw error;
}

/** For tests: forget the version seen. */
export function resetKnownVersion(): void {
  knownVersion = undefined;
}
