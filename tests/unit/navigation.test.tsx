import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { isValidElement } from 'react';
import type { AuthProvider } from 'react-admin';
import { registry, screens } from '../../src/resources/registry';
import { resources } from '../../src/resources';
import { resources as declaredResources } from '#shared/resources/index';
import { consoleRoutes } from '../../src/screens';
import { MainNav } from '../../src/layout/MainNav';
import { UserMenu } from '../../src/layout/UserMenu';
import { MAIN_NAV } from '../../src/layout/navigation';
import { authProviderFor, contextFor, renderInAdmin } from './render';

// Each menu item waits for its own canAccess answer: give them time on a busy machine.
configure({ asyncUtilTimeout: 5000 });

describe('the registry and the resources agree', () => {
  it('every registry entry with a menu place has a list view in src/resources/index.ts (no menu link that bounces to /)', () => {
    const placed = registry.filter((entry) => entry.menu !== 'none');
    expect(placed.length).toBeGreaterThan(0);
    for (const entry of placed) {
      const resource = resources.find((candidate) => candidate.name === entry.name);
      expect(resource, `resources/index.ts lacks ${entry.name}`).toBeDefined();
      expect(resource?.list, `${entry.name} has no list view`).toBeDefined();
    }
  });

  it('every screen in a menu is a console route', () => {
    const paths = consoleRoutes.map((route) => (isValidElement<{ path?: string }>(route) ? route.props.path : undefined));
    for (const entry of screens.filter((candidate) => candidate.menu !== 'none')) {
      expect(entry.path === '/' || paths.includes(entry.path), `no route for ${entry.path}`).toBe(true);
    }
  });

  it("the header's main items are the spec's four, in order, then the declared resources placed there", () => {
    // A declared resource with menu 'main' (npm run new:resource writes one) joins the header with no other edit.
    // The spec's own (Your Pages) name their place; the others follow in the list's order.
    const declaredMain = declaredResources
      .filter((resource) => resource.menu === 'main' && resource.menuOrder === undefined)
      .map((resource) => `/${resource.name}`);
    expect(MAIN_NAV.map((item) => item.to)).toEqual(['/', '/uploads', '/data', '/pages', ...declaredMain]);
  });
});

/** The permissions table's answers, except what `denied` names ('resource:action'). */
function deny(base: AuthProvider, ...denied: string[]): AuthProvider {
  return { ...base, canAccess: async (params) => !denied.includes(`${params.resource}:${params.action}`) && base.canAccess!(params) };
}

describe('menus show only what the user may follow', () => {
  it('a read-only member sees the four main items and the account settings', async () => {
    const context = contextFor({ user: { role: 'readonly', canEdit: false } });
    renderInAdmin(
      <>
        <MainNav />
        <UserMenu context={context} />
      </>,
      '/',
      { authProvider: authProviderFor(context) },
    );
    for (const name of ['Insights', 'Fan Uploads', 'Fan Data', 'Your Pages']) expect(await screen.findByRole('link', { name })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /^Open user menu/ }));
    const menu = screen.getByRole('menu');
    for (const name of ['Configuration', 'Users', 'Subscription']) expect(await within(menu).findByRole('menuitem', { name })).toBeInTheDocument();
    expect(within(menu).queryByText('Platform Admin')).toBeNull();
  });

  it('hides a header item, its phone dropdown entry and a settings item the user may not list', async () => {
    const context = contextFor();
    const authProvider = deny(authProviderFor(context), 'data:list', 'subscription:show');
    const { unmount } = renderInAdmin(
      <>
        <MainNav />
        <UserMenu context={context} />
      </>,
      '/',
      { authProvider },
    );
    expect(await screen.findByRole('link', { name: 'Your Pages' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Fan Data' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Open user menu/ }));
    const menu = screen.getByRole('menu');
    expect(await within(menu).findByRole('menuitem', { name: 'Users' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Subscription' })).toBeNull();
    unmount();

    // The phone dropdown is built from the same items.
    const narrow = window.matchMedia;
    window.matchMedia = (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
    try {
      renderInAdmin(<MainNav />, '/', { authProvider });
      fireEvent.click(screen.getByRole('button', { name: /Insights/ }));
      const dropdown = screen.getByRole('menu');
      expect(await within(dropdown).findByRole('menuitem', { name: 'Your Pages' })).toBeInTheDocument();
      expect(within(dropdown).queryByRole('menuitem', { name: 'Fan Data' })).toBeNull();
    } finally {
      window.matchMedia = narrow;
    }
  });

  it('platform admins get every Platform Admin item from the registry, Uploads included', async () => {
    const context = contextFor({ user: { type: 'admin' } });
    renderInAdmin(<UserMenu context={context} />, '/', { authProvider: authProviderFor(context) });
    fireEvent.click(screen.getByRole('button', { name: /^Open user menu/ }));
    const menu = screen.getByRole('menu');
    // Account settings' Users, then the Platform Admin group in registry order (each item shows once its access is answered).
    await waitFor(() => {
      const items = within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent);
      expect(items.slice(items.indexOf('Subscription') + 1)).toEqual(['Users', 'Accounts', 'Jobs', 'Uploads', 'Log out']);
    });
    expect(within(menu).getByText('Platform Admin')).toBeInTheDocument();
  });
});
