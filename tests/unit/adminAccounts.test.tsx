import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataProvider } from 'react-admin';
import { accountPlanSchema, adminAccountsQuery, newAccountSchema } from '#shared/domain/schemas/adminAccounts';
import { AccountStatusActions } from '../../src/resources/admin-accounts/AccountStatusActions';
import { NewAccountDialog } from '../../src/resources/admin-accounts/Create';
import type { AdminAccountRow } from '../../src/resources/records';
import { permissionOf } from '../../src/resources/registry';
import { permissions } from '#shared/resources/permissions';

const { canAccess } = permissions;
import { renderInAdmin } from './render';

/** The first message of each field, as the form shows it. */
const messagesOf = (input: object) => {
  const issues = newAccountSchema.safeParse(input).error?.issues ?? [];
  const first = new Map<string, string>();
  for (const issue of issues) if (!first.has(issue.path.join('.'))) first.set(issue.path.join('.'), issue.message);
  return [...first].map(([path, message]) => `${path}: ${message}`);
};

describe('Platform Accounts rules', () => {
  it('validates New Account at the limits of spec section 5, with the messages the dialog shows', () => {
    expect(messagesOf({ name: 'N'.repeat(25), slug: 'S'.repeat(50) })).toEqual([]);
    expect(messagesOf({ name: 'N'.repeat(26), slug: 'S'.repeat(51) })).toEqual(['name: app.validation.maxLength', 'slug: app.validation.maxLength']);
    expect(messagesOf({ name: '', slug: '' })).toEqual(['name: app.validation.required', 'slug: app.validation.required']);
    expect(messagesOf({ name: 'A', slug: 'no-dash' })).toEqual(['slug: app.validation.slug']);
    expect(messagesOf({ name: 'A', slug: 'a', ownerEmail: '' })).toEqual([]);
    // A cleared react-admin input sends null: blank, not 'Invalid value'.
    expect(messagesOf({ name: 'A', slug: 'a', ownerEmail: null })).toEqual([]);
    expect(messagesOf({ name: null, slug: 'a' })).toEqual(['name: app.validation.required']);
    expect(messagesOf({ name: 'A', slug: 'a', ownerEmail: 'nope' })).toEqual(['ownerEmail: app.validation.email']);
    expect(messagesOf({ name: 'A', slug: 'a', ownerEmail: `${'a'.repeat(239)}@example.com` })).toEqual(['ownerEmail: app.validation.maxLength']);
    expect(newAccountSchema.parse({ name: 'A', slug: 'a' }).subscriptionPlan).toBe('free');
    expect(accountPlanSchema.safeParse({ subscriptionPlan: 'gold' }).success).toBe(false);
    expect(adminAccountsQuery.parse({})).toMatchObject({ page: 1, limit: 50, sort: 'createdAt', order: 'desc' });
  });

  it('maps the resource name admin/accounts to the admin-accounts permission, for platform admins only', () => {
    expect(permissionOf('admin/accounts')).toBe('admin-accounts');
    expect(canAccess({ type: 'admin', role: null }, { resource: 'admin-accounts', action: 'edit' })).toBe(true);
    expect(canAccess({ type: 'user', role: 'owner' }, { resource: 'admin-accounts', action: 'list' })).toBe(false);
  });

  it('offers Disable Account on an enabled account and Enable Account on a disabled one, each asking first', () => {
    const account: AdminAccountRow = {
      id: 'a1',
      name: 'Lumen Records',
      slug: 'lumenrecords',
      subscriptionPlan: 'pro',
      status: 'enabled',
      uploadVideoCount: 0,
      pageCount: 0,
      userCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const { unmount } = renderInAdmin(<AccountStatusActions account={account} />);
    fireEvent.click(screen.getByRole('button', { name: 'Disable Account' }));
    expect(screen.getByText(/Disable Lumen Records\? .* its pages stop accepting fan uploads\./)).toBeInTheDocument();
    unmount();
    renderInAdmin(<AccountStatusActions account={{ ...account, status: 'disabled' }} />);
    expect(screen.queryByRole('button', { name: 'Disable Account' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enable Account' }));
    expect(screen.getByText(/Enable Lumen Records\?/)).toBeInTheDocument();
  });

  it('creates the account from New Account and hands over its id', async () => {
    const create = vi.fn(async () => ({ data: { id: 'a1', name: 'Lumen Records' } }));
    const onCreated = vi.fn();
    const onClose = vi.fn();
    renderInAdmin(<NewAccountDialog onCreated={onCreated} onClose={onClose} />, '/', { dataProvider: { create } as unknown as DataProvider });
    expect(screen.getByText('New Account')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Lumen Records' } });
    fireEvent.change(screen.getByLabelText(/^Slug/), { target: { value: 'lumenrecords' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create).toHaveBeenCalledWith(
      'admin/accounts',
      expect.objectContaining({ data: { name: 'Lumen Records', slug: 'lumenrecords', subscriptionPlan: 'free', ownerEmail: '' } }),
    );
    expect(onCreated).toHaveBeenCalledWith('a1');
  });
});
