import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, memoryStore, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { i18nProvider } from '../../src/i18n';
import type { AppContext } from '#shared/domain/types';
import type { PermissionTable } from '#shared/domain/permissions';
import { permissions as productPermissions } from '#shared/resources/permissions';
import { permissionOf } from '../../src/resources/registry';

interface Providers {
  dataProvider?: DataProvider;
  authProvider?: AuthProvider;
}

/** Renders inside react-admin's context (translations, a fresh store, test providers) and a router. */
export function renderInAdmin(ui: ReactNode, path = '/', { dataProvider, authProvider }: Providers = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()} dataProvider={dataProvider} authProvider={authProvider}>
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
}

export function contextFor(overrides: { user?: Partial<AppContext['user']>; account?: Partial<NonNullable<AppContext['account']>> | null } = {}): AppContext {
  return {
    config: { cdnPrefix: '/files/', baseUrl: 'http://localhost:3000', appVersion: '1' },
    systemDefaults: { supportEmail: 'support@fancontent.local', marketingConsent: '', tablePageSize: 50, uploadPageSize: 48 },
    user: {
      id: 'u1',
      firstName: 'Umar',
      lastName: 'Ulrich',
      email: 'user@example.com',
      avatar: null,
      type: 'user',
      status: 'enabled',
      emailVerified: true,
      videoProcessedEmails: true,
      locale: null,
      lastLogin: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      role: 'user',
      canEdit: true,
      canSwitchAccount: false,
      isAdmin: false,
      ...overrides.user,
    },
    account:
      overrides.account === null
        ? null
        : {
            id: 'a1',
            name: 'The Midnight Owls',
            slug: 'midnightowls',
            status: 'enabled',
            enabled: true,
            subscriptionPlan: 'basic',
            planLimits: { users: 5, pages: 5, uploads: null, filters: 1, tags: 1, pageAds: 0, terms: 1, images: 1, integrationDropbox: 1 },
            helpEmailAddress: null,
            timeZone: 'UTC',
            links: { primary: null, header: [], footer: [] },
            favicon: null,
            headerImage: null,
            lightHeader: false,
            image: null,
            primaryColor: null,
            secondaryColor: null,
            ...overrides.account,
          },
  };
}

/**
 * An auth provider signed in as the context's user, answering canAccess from a permission table:
 * the product's, or one a test built with resources of its own.
 */
export function authProviderFor(context: AppContext, permissions: PermissionTable = productPermissions): AuthProvider {
  const identity = { type: context.user.type, role: context.user.role };
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => identity,
    canAccess: async ({ resource, action }) => permissions.canAccess(identity, { resource: permissionOf(resource), action }),
  };
}
