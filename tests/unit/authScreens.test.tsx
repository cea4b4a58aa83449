import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ForgotPasswordPage } from '../../src/screens/auth/ForgotPasswordPage';
import { ResetPasswordPage } from '../../src/screens/auth/ResetPasswordPage';
import { SelectAccountPage } from '../../src/screens/auth/SelectAccountPage';
import { noticeFor } from '../../src/screens/auth/LoginPage';
import { ApiError } from '../../src/apiError';
import { Route, Routes } from 'react-router-dom';
import { renderInAdmin } from './render';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('sign-in notices', () => {
  const credentials = { email: 'a@example.com', password: 'secret1' };
  const failure = (error: string, message: string) => new ApiError({ status: 401, error, message, errors: [] });
  it('tells the three cases of spec section 8 apart', () => {
    expect(noticeFor(failure('EmailNotVerifiedError', 'Email not verified'), credentials)).toEqual({ kind: 'notVerified', credentials });
    expect(noticeFor(failure('AccountNotFoundError', 'Account not found'), credentials)).toEqual({ kind: 'error', text: 'app.auth.login.accountNotFound' });
    expect(noticeFor(failure('AuthenticationError', 'Access Denied'), credentials)).toEqual({ kind: 'error', text: 'app.auth.login.accessDenied' });
    expect(noticeFor(new ApiError({ status: 429, error: 'RateLimitError', message: 'Too many', errors: [] }), credentials)).toEqual({
      kind: 'error',
      text: 'Too many',
    });
  });
});

describe('auth screens', () => {
  let fetchMock: ReturnType<typeof vi.spyOn>;
  let assign: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.spyOn(globalThis, 'fetch');
    assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/select-account', search: '' });
  });
  afterEach(() => {
    fetchMock.mockRestore();
    vi.unstubAllGlobals();
  });

  it('forgot password shows the sent state even when the call fails', async () => {
    fetchMock.mockImplementation(async () => json({ status: 500, error: 'X', message: 'boom', errors: [] }, 500));
    renderInAdmin(<ForgotPasswordPage />);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'who@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(/If an account exists for who@example.com/)).toBeInTheDocument();
  });

  it('reset password checks length and confirmation before calling the server', async () => {
    renderInAdmin(
      <Routes>
        <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
      </Routes>,
      '/reset-password/abc',
    );
    fireEvent.change(screen.getByLabelText(/New password/), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText(/Confirm password/), { target: { value: '456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
    // The hint and the error say the same words; on error the field shows it as an error.
    expect(screen.getByText('Must be 6 or more characters')).toHaveClass('Mui-error');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('select account switches by itself when there is only one account', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/users/me/accounts')
        ? json({ data: [{ id: 'a1', name: 'The Midnight Owls', slug: 'owls', status: 'enabled', role: 'user' }], total: 1 })
        : json({}),
    );
    renderInAdmin(<SelectAccountPage />);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(
      (fetchMock.mock.calls as [string, RequestInit][]).some(([url, init]) => String(url) === '/api/auth/switch-account/a1' && init.method === 'POST'),
    ).toBe(true);
  });

  it('select account goes to sign-in when the session is gone (401)', async () => {
    fetchMock.mockImplementation(async () => json({ status: 401, error: 'AuthenticationError', message: 'Access Denied', errors: [] }, 401));
    renderInAdmin(
      <Routes>
        <Route path="/select-account" element={<SelectAccountPage />} />
        <Route path="/login" element={<p>Sign-in screen</p>} />
      </Routes>,
      '/select-account',
    );
    expect(await screen.findByText('Sign-in screen')).toBeInTheDocument();
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
  });

  it('select account shows why a switch failed', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/users/me/accounts')
        ? json({ data: [{ id: 'a1', name: 'The Midnight Owls', slug: 'owls', status: 'enabled', role: 'user' }], total: 1 })
        : json({ status: 403, error: 'ForbiddenError', message: 'This account is disabled', errors: [] }, 403),
    );
    renderInAdmin(<SelectAccountPage />);
    expect(await screen.findByText('This account is disabled')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('select account says so when the user has no accounts', async () => {
    fetchMock.mockImplementation(async () => json({ data: [], total: 0 }));
    renderInAdmin(<SelectAccountPage />);
    expect(await screen.findByText('You do not have any accounts. Please contact an administrator.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });
});
