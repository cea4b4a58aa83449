import { describe, expect, it } from 'vitest';
import { canEdit, isAccountAdmin, permissionTable } from '#shared/domain/permissions';
import { permissions } from '#shared/resources/permissions';

const { canAccess } = permissions;

describe('permissions', () => {
  it('lets readonly members read but not edit', () => {
    const readonly = { type: 'user' as const, role: 'readonly' as const };
    expect(canAccess(readonly, { resource: 'pages', action: 'list' })).toBe(true);
    expect(canAccess(readonly, { resource: 'pages', action: 'edit' })).toBe(false);
    expect(canEdit(readonly)).toBe(false);
  });

  it('counts account admins, owners and platform admins as isAdmin', () => {
    expect(isAccountAdmin({ type: 'user', role: 'admin' })).toBe(true);
    expect(isAccountAdmin({ type: 'user', role: 'owner' })).toBe(true);
    expect(isAccountAdmin({ type: 'user', role: 'user' })).toBe(false);
    expect(isAccountAdmin({ type: 'admin', role: null })).toBe(true);
  });

  it('keeps platform screens to platform admins and denies unknown actions', () => {
    expect(canAccess({ type: 'user', role: 'owner' }, { resource: 'admin-users', action: 'list' })).toBe(false);
    expect(canAccess({ type: 'admin', role: null }, { resource: 'admin-users', action: 'list' })).toBe(true);
    expect(canAccess({ type: 'user', role: 'owner' }, { resource: 'pages', action: 'fly' })).toBe(false);
  });

  it("follows the spec's roles: 'user (can edit, cannot manage users)', admins change the plan, owners hold billing", () => {
    const as = (role: 'user' | 'admin' | 'owner') => ({ type: 'user' as const, role });
    expect(canAccess(as('user'), { resource: 'accounts', action: 'edit' })).toBe(true);
    expect(canAccess(as('user'), { resource: 'integrations', action: 'edit' })).toBe(true);
    expect(canAccess(as('user'), { resource: 'account-users', action: 'create' })).toBe(false);
    expect(canAccess(as('user'), { resource: 'subscription', action: 'edit' })).toBe(false);
    expect(canAccess(as('admin'), { resource: 'subscription', action: 'edit' })).toBe(true);
    expect(canAccess(as('admin'), { resource: 'subscription', action: 'billing' })).toBe(false);
    expect(canAccess(as('owner'), { resource: 'subscription', action: 'billing' })).toBe(true);
  });
});

describe('a permission table built from declarations', () => {
  const venues = { name: 'venues', access: { list: 'readonly', edit: 'user' } } as const;

  it('holds the declared rows beside PERMISSIONS, and the product table never learns a test’s resource', () => {
    const table = permissionTable([venues]);
    expect(table.canAccess({ type: 'user', role: 'readonly' }, { resource: 'venues', action: 'list' })).toBe(true);
    expect(table.canAccess({ type: 'user', role: 'readonly' }, { resource: 'venues', action: 'edit' })).toBe(false);
    expect(table.canAccess({ type: 'user', role: 'readonly' }, { resource: 'pages', action: 'list' })).toBe(true);
    expect(permissions.ruleFor('venues', 'list')).toBeUndefined();
  });

  it('refuses a resource declared twice, or a declaration that takes a PERMISSIONS name', () => {
    expect(() => permissionTable([venues, { name: 'venues', access: { list: 'user' } }])).toThrow(/declared twice/);
    expect(() => permissionTable([{ name: 'pages', access: { list: 'owner' } }])).toThrow(/declared twice/);
  });

  it('answers no rule for an inherited name (a row is a plain record, not a prototype)', () => {
    expect(permissions.ruleFor('pages', 'toString')).toBeUndefined();
  });
});
