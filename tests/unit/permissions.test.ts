import { describe, expect, it } from 'vitest';
import { canAccess, canEdit, isAccountAdmin } from '@shared/domain/permissions';

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
});
