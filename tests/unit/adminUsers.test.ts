import { describe, expect, it } from 'vitest';
import { adminUsersQuery, newAdminSchema, userMessageSchema } from '#shared/domain/schemas/adminUsers';
import { actionsFor } from '../../src/resources/admin-users/UserStatusActions';
import { tabsFor } from '../../src/resources/admin-users/Edit';
import { permissionOf } from '../../src/resources/registry';
import { permissions } from '#shared/resources/permissions';

const { canAccess } = permissions;

describe('Platform Users rules', () => {
  it('offers the buttons of spec section 2 by status and verification', () => {
    expect(actionsFor({ status: 'enabled', emailVerified: true }, false)).toEqual(['disable']);
    expect(actionsFor({ status: 'disabled', emailVerified: true }, false)).toEqual(['enable']);
    expect(actionsFor({ status: 'pending', emailVerified: false }, false)).toEqual(['enable', 'verify', 'invite']);
    // Send Invite waits for Save Changes after an email change.
    expect(actionsFor({ status: 'enabled', emailVerified: false }, true)).toEqual(['disable', 'verify']);
  });

  it('shows tabs by the viewed user type', () => {
    expect(tabsFor('musician')).toEqual(['', 'students', 'store', 'payments']);
    expect(tabsFor('artist-relations')).toEqual(['', 'brands']);
    expect(tabsFor('admin')).toEqual(['']);
    expect(tabsFor('user')).toEqual(['']);
  });

  it('maps the resource name admin/users to the admin-users permission, for platform admins only', () => {
    expect(permissionOf('admin/users')).toBe('admin-users');
    expect(canAccess({ type: 'admin', role: null }, { resource: permissionOf('admin/users'), action: 'edit' })).toBe(true);
    expect(canAccess({ type: 'user', role: 'owner' }, { resource: permissionOf('admin/users'), action: 'list' })).toBe(false);
  });

  it('validates New Admin and messages at their limits', () => {
    expect(newAdminSchema.safeParse({ firstName: 'A'.repeat(100), lastName: 'B', email: 'A@Example.com' }).data?.email).toBe('a@example.com');
    expect(newAdminSchema.safeParse({ firstName: 'A'.repeat(101), lastName: 'B', email: 'a@example.com' }).success).toBe(false);
    expect(userMessageSchema.safeParse({ subject: 'S'.repeat(150), body: 'B'.repeat(5000) }).success).toBe(true);
    expect(userMessageSchema.safeParse({ subject: 'S'.repeat(151), body: 'B' }).success).toBe(false);
    expect(userMessageSchema.safeParse({ subject: 'S', body: 'B'.repeat(5001) }).success).toBe(false);
    expect(adminUsersQuery.parse({ status: 'enabled,disabled' }).status).toEqual(['enabled', 'disabled']);
    expect(adminUsersQuery.parse({ status: ['pending'] }).status).toEqual(['pending']);
  });
});
