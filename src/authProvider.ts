import type { AuthProvider } from 'react-admin';
import type { z } from 'zod';
import type { invitationSchema } from '#shared/domain/schemas/auth';
import { permissions } from '#shared/resources/permissions';
import type { AccountChoice, AppContext } from '#shared/domain/types';
import { ApiError } from './apiError';
import { request, STORAGE_KEYS } from './http';
import { permissionOf } from './resources/registry';
import { followSavedLocale, followUserLocale } from './i18n/locale';
import { appStore } from './store';

/**
 * The signed-in context (user, current account, config) from GET /api/auth/context, read once a
 * session and shared by this provider, the data provider's account paths and the screens
 * (`useAppContext` in appContext.ts reads it through react-query). Switching account or signing
 * out reloads the app, so it never outlives the session it describes.
 */
let sessionContext: Promise<AppContext> | undefined;

export function getAppContext(force = false): Promise<AppContext> {
  if (!sessionContext || force) {
    const opening = !sessionContext;
    sessionContext = request<AppContext>('/api/auth/context', { handleAuthErrors: false });
    sessionContext.then(
      // Only as the console opens: a later refresh must not undo a choice whose save is failing.
      (context) => opening && followSavedLocale(appStore, context.user.locale),
      () => {
        sessionContext = undefined;
      },
    );
  }
  return sessionContext;
}

export function setAppContext(context: AppContext): void {
  sessionContext = Promise.resolve(context);
}

/** Whether a signed-in context is held (or being loaded). */
export function hasAppContext(): boolean {
  return sessionContext !== undefined;
}

export function clearAppContext(): void {
  sessionContext = undefined;
}

/** The current account id, for the data provider's account-scoped paths. */
export async function currentAccountId(): Promise<string> {
  const context = await getAppContext();
  if (!context.account) throw new Error('No current account');
  return context.account.id;
}

/** The path remembered when a session ended or a visitor was sent to sign in, taken once. */
export function takePreviousPath(): string {
  const previous = localStorage.getItem(STORAGE_KEYS.previousPath);
  localStorage.removeItem(STORAGE_KEYS.previousPath);
  return previous && previous.startsWith('/') && !previous.startsWith('/login') ? previous : '/';
}

/** Where to go after signing in: account selection first when none is current, else the remembered path. */
function pathAfterLogin(context: AppContext): string {
  return context.account ? takePreviousPath() : '/select-account';
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    const context = await request<AppContext>('/api/auth', {
      method: 'POST',
      body: { email, password },
      handleAuthErrors: false,
    });
    setAppContext(context);
    followUserLocale(appStore, context.user.locale);
    localStorage.removeItem(STORAGE_KEYS.sessionExpired);
    return { redirectTo: pathAfterLogin(context) };
  },
  /**
   * 'Logout clears the user and reloads the application' (spec section 4): nothing of the
   * signed-out user stays in memory. A visitor who was never signed in (react-admin calls
   * logout when checkAuth fails) is simply sent to /login.
   */
  async logout() {
    const signedIn = hasAppContext();
    try {
      await request('/api/auth/logout', { handleAuthErrors: false });
    } catch {
      // Signing out of an expired session still signs out.
    }
    clearAppContext();
    if (!signedIn) return '/login';
    window.location.assign('/login');
    // react-admin clears its store and cache and does not navigate: the reload does.
    return false;
  },
  async checkAuth() {
    try {
      await getAppContext();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        const { pathname, search } = window.location;
        if (pathname !== '/' && !pathname.startsWith('/login')) {
          localStorage.setItem(STORAGE_KEYS.previousPath, pathname + search);
        }
        throw { redirectTo: '/login', message: false };
      }
      throw error;
    }
  },
  async checkError() {
    // Every call goes through http.ts's request(), which already handled a 401 (reload to the
    // sign-in screen) or a 403 (go to /): one path for react-admin's hooks and the screens alike.
  },
  async getIdentity() {
    const { user, account } = await getAppContext();
    return { ...user, fullName: `${user.firstName} ${user.lastName}`.trim(), avatar: user.avatar ?? undefined, account };
  },
  async getPermissions() {
    const { user } = await getAppContext();
    return { type: user.type, role: user.role };
  },
  async canAccess({ resource, action }) {
    // Signed out means no access; checkAuth does the redirecting, so no error toast here.
    const context = await getAppContext().catch(() => undefined);
    // Resource names are URLs (admin/users); the permissions table knows them by permission name.
    return !!context && permissions.canAccess({ type: context.user.type, role: context.user.role }, { resource: permissionOf(resource), action });
  },
};

/** An invitation as GET /api/auth/account-invitations/{token} answers it. */
export type Invitation = z.output<typeof invitationSchema>;

const signInFlow = { handleAuthErrors: false } as const;

/**
 * The calls of the sign-in screens (spec section 7, Auth). Those screens tell their own
 * failures (a wrong password is a 401 they show, not a session that ended), so none of these
 * reloads or leaves the screen on a 401 or 403.
 */
export const authFlows = {
  sendVerifyEmail(credentials: { email: string; password: string }): Promise<unknown> {
    return request('/api/auth/send-verify-email', { method: 'POST', body: credentials, ...signInFlow });
  },
  forgotPassword(email: string): Promise<unknown> {
    return request('/api/auth/forgot-password', { method: 'POST', body: { email }, ...signInFlow });
  },
  resetPassword(token: string, password: string): Promise<unknown> {
    return request('/api/auth/reset-password', { method: 'POST', body: { token, password }, ...signInFlow });
  },
  verifyEmail(token: string): Promise<unknown> {
    return request('/api/auth/verify-email', { method: 'POST', body: { token }, ...signInFlow });
  },
  /** Signs out whoever is signed in (the invited person accepts it), then loads the invitation. */
  async invitation(token: string): Promise<Invitation> {
    try {
      await request('/api/auth/logout', signInFlow);
    } catch {
      // Not signed in, or already expired: nothing to end.
    }
    clearAppContext();
    return request<Invitation>(`/api/auth/account-invitations/${encodeURIComponent(token)}`, signInFlow);
  },
  acceptInvitation(token: string, body: Record<string, unknown>): Promise<unknown> {
    return request(`/api/auth/account-invitations/${encodeURIComponent(token)}`, { method: 'POST', body, ...signInFlow });
  },
  /** The accounts the user may select, searched by name on the server. */
  async selectableAccounts(q: string): Promise<AccountChoice[]> {
    return (await request<{ data: AccountChoice[] }>('/api/users/me/accounts', { query: { q: q || undefined }, ...signInFlow })).data;
  },
  /** Makes an account current; the caller reloads the console there. */
  switchAccount(id: string): Promise<unknown> {
    return request(`/api/auth/switch-account/${encodeURIComponent(id)}`, { method: 'POST', ...signInFlow });
  },
};
