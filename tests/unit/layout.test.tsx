import { describe, expect, it, vi } from 'vitest';
import { act, screen, fireEvent, waitFor, within } from '@testing-library/react';
import { UserMenu } from '../../src/layout/UserMenu';
import { HelpButton } from '../../src/layout/HelpButton';
import { AppChangedDialog, ErrorDialog } from '../../src/layout/dialogs';
import { useNotify, type DataProvider } from 'react-admin';
import { SwitchAccountDialog } from '../../src/layout/SwitchAccountDialog';
import { APP_EVENTS, request } from '../../src/http';
import { AppNotification } from '../../src/layout/AppNotification';
import { authProvider, hasAppContext, setAppContext } from '../../src/authProvider';
import { ApiError } from '../../src/apiError';
import { authProviderFor, contextFor, renderInAdmin } from './render';

describe('user menu', () => {
  it('offers Switch Account only to users who may switch, and no Platform Admin group to account users', async () => {
    const context = contextFor();
    const authProvider = authProviderFor(context);
    const asked = vi.spyOn(authProvider, 'canAccess');
    renderInAdmin(<UserMenu context={context} />, '/', { authProvider });
    fireEvent.click(screen.getByRole('button', { name: /^Open user menu/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Umar Ulrich')).toBeInTheDocument();
    expect(within(menu).getByText('The Midnight Owls')).toBeInTheDocument();
    expect(within(menu).queryByText('Switch Account')).toBeNull();
    expect(within(menu).queryByText('Platform Admin')).toBeNull();
    expect(await within(menu).findByText('Configuration')).toBeInTheDocument();
    // Still none once the permission check has answered.
    await waitFor(() => expect(asked).toHaveBeenCalled());
    await act(async () => undefined);
    expect(within(menu).queryByText('Platform Admin')).toBeNull();
  });

  it('shows the Platform Admin group and Switch Account to platform admins', async () => {
    const context = contextFor({ user: { type: 'admin', canSwitchAccount: true } });
    renderInAdmin(<UserMenu context={context} />, '/', { authProvider: authProviderFor(context) });
    fireEvent.click(screen.getByRole('button', { name: /^Open user menu/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Switch Account')).toBeInTheDocument();
    expect(await within(menu).findByText('Platform Admin')).toBeInTheDocument();
    expect(await within(menu).findByText('Accounts')).toBeInTheDocument();
  });
});

describe('help button', () => {
  it("mails the account's help address, or the support address when it has none", () => {
    const { unmount } = renderInAdmin(<HelpButton context={contextFor({ account: { helpEmailAddress: 'crew@owls.example' } })} />);
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', 'mailto:crew@owls.example');
    unmount();
    renderInAdmin(<HelpButton context={contextFor({ account: { helpEmailAddress: '  ' } })} />);
    expect(screen.getByRole('link', { name: 'Help' })).toHaveAttribute('href', 'mailto:support@fancontent.local');
  });
});

describe('global dialogs', () => {
  it("shows 'Application Changed' on a version change and closes on Cancel", async () => {
    renderInAdmin(<AppChangedDialog />);
    expect(screen.queryByText('Application Changed')).toBeNull();
    act(() => {
      window.dispatchEvent(new CustomEvent(APP_EVENTS.versionChanged, { detail: '2' }));
    });
    expect(screen.getByText('Application Changed')).toBeInTheDocument();
    expect(screen.getByText(/A new application version was released/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Application Changed')).toBeNull());
  });

  it("'Application Changed': Reload signs out, which reloads the application at sign-in", async () => {
    const context = contextFor();
    const authProvider = authProviderFor(context);
    const logout = vi.spyOn(authProvider, 'logout');
    renderInAdmin(<AppChangedDialog />, '/', { authProvider });
    act(() => {
      window.dispatchEvent(new CustomEvent(APP_EVENTS.versionChanged, { detail: '2' }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('shows status, message and every item of the errors list', () => {
    renderInAdmin(<ErrorDialog />);
    const error = new ApiError({
      status: 409,
      error: 'ConflictError',
      message: 'This slug is already taken',
      errors: [
        { path: 'slug', message: 'Taken' },
        { path: '', message: 'Try another' },
      ],
    });
    act(() => {
      window.dispatchEvent(new CustomEvent(APP_EVENTS.error, { detail: error }));
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Error')).toBeInTheDocument();
    expect(within(dialog).getByText('Status: 409')).toBeInTheDocument();
    expect(within(dialog).getByText('Message: This slug is already taken')).toBeInTheDocument();
    expect(within(dialog).getByText('slug: Taken')).toBeInTheDocument();
    expect(within(dialog).getByText('Try another')).toBeInTheDocument();
  });
});

describe('the generic Error dialog takes failed calls reported as toasts', () => {
  const Reporter = ({ message, type = 'error' }: { message: string; type?: 'error' | 'success' }) => {
    const notify = useNotify();
    return <button onClick={() => notify(message, { type })}>report</button>;
  };

  it('shows a failed call as the Error dialog with its status and items, not as a toast', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(
          JSON.stringify({ status: 409, error: 'ConflictError', message: 'Slug already in use', errors: [{ path: '', message: 'Pick another slug' }] }),
          { status: 409 },
        ),
      );
    try {
      await request('/api/pages/p1', { method: 'PUT', body: {} }).catch(() => undefined);
      renderInAdmin(
        <>
          <Reporter message="Slug already in use" />
          <AppNotification />
        </>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'report' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText('Status: 409')).toBeInTheDocument();
      expect(within(dialog).getByText('Pick another slug')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      fetchMock.mockRestore();
    }
  });

  it('keeps other notifications as toasts', async () => {
    renderInAdmin(
      <>
        <Reporter message="Page saved" type="success" />
        <AppNotification />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'report' }));
    expect(await screen.findByText('Page saved')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('logout', () => {
  it('clears the user and reloads the application at /login (spec section 4)', async () => {
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('', { status: 204 }));
    try {
      setAppContext(contextFor());
      expect(await authProvider.logout({})).toBe(false);
      expect(assign).toHaveBeenCalledWith('/login');
      expect(hasAppContext()).toBe(false);
      // A visitor who was never signed in is only sent to the sign-in screen.
      expect(await authProvider.logout({})).toBe('/login');
      expect(assign).toHaveBeenCalledTimes(1);
    } finally {
      fetchMock.mockRestore();
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});

describe('switch account dialog', () => {
  it("lists the user's other accounts through the data provider and searches them on the server", async () => {
    const accounts = [
      { id: 'a1', name: 'The Midnight Owls', role: 'owner' },
      { id: 'a2', name: 'Harbor City FC', role: 'admin' },
    ];
    const getList = vi.fn(async (_resource: string, { filter }: { filter: { q?: string } }) => {
      const data = accounts.filter((account) => account.name.toLowerCase().includes((filter.q ?? '').toLowerCase()));
      return { data, total: data.length };
    });
    renderInAdmin(<SwitchAccountDialog open onClose={() => undefined} currentId="a1" />, '/', { dataProvider: { getList } as unknown as DataProvider });
    expect(await screen.findByText('Harbor City FC')).toBeInTheDocument();
    // The current account is not offered.
    expect(screen.queryByText('The Midnight Owls')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search accounts'), { target: { value: 'owls' } });
    expect(await screen.findByText('You have no other accounts.')).toBeInTheDocument();
    expect(getList).toHaveBeenLastCalledWith('my-accounts', expect.objectContaining({ filter: { q: 'owls' } }));
  });
});
