import queryString from 'query-string';
import { CONSOLE_REQUEST_HEADER, LOCAL_STORAGE_PREFIX } from '@shared/domain/constants';
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
} as const;

export const STORAGE_KEYS = {
  sessionExpired: `${LOCAL_STORAGE_PREFIX}sessionExpired`,
  previousPath: `${LOCAL_STORAGE_PREFIX}previousPath`,
} as const;

let knownVersion: string | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, unknown>;
  body?: unknown;
  /** Sign-in forms handle their own 401s; everything else reloads to the login screen. */
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
export function handleUnauthenticated(): void {
  const { pathname, search } = window.location;
  if (pathname.startsWith('/login')) return;
  localStorage.setItem(STORAGE_KEYS.previousPath, pathname + search);
  localStorage.setItem(STORAGE_KEYS.sessionExpired, '1');
  window.location.reload();
}

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const query = method === 'GET' ? { ...options.query, _: Date.now() } : options.query;
  const url = query ? queryString.stringifyUrl({ url: path, query: query as Record<string, string> }, { skipNull: true, skipEmptyString: true }) : path;
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
    if (options.errorDialog) window.dispatchEvent(new CustomEvent(APP_EVENTS.error, { detail: error }));
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
  if (response.status === 401 && options.handleAuthErrors !== false) handleUnauthenticated();
  else if (options.errorDialog && response.status !== 403) {
    window.dispatchEvent(new CustomEvent(APP_EVENTS.error, { detail: error }));
  }
  throw error;
}

/** For tests: forget the version seen. */
export function resetKnownVersion(): void {
  knownVersion = undefined;
}
