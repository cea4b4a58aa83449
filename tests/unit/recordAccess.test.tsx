import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { Form, ListContextProvider, TextInput, type AuthProvider, type DataProvider, type ListControllerResult } from 'react-admin';
import { DeleteIfAllowed, EditOrViewBase, ReadOnlyNotice, SaveIfAllowed, useCanEditRecord } from '../../src/components/RecordAccess';
import { DeleteUploadButton } from '../../src/resources/uploads/CardActionsRow';
import { BulkBar } from '../../src/resources/uploads/BulkBar';
import type { UploadPermissions } from '../../src/resources/uploads/useUploadPermissions';
import type { UploadRecord } from '../../src/resources/uploads/uploadRecord';
import { AccountMembers } from '../../src/screens/account-users/AccountMembers';
import { PendingInvites } from '../../src/screens/account-users/PendingInvites';
import { setAppContext } from '../../src/authProvider';
import { authProviderFor, contextFor, renderInAdmin } from './render';

/** The permissions table's answers, except what `denied` names ('resource:action'). */
function deny(base: AuthProvider, ...denied: string[]): AuthProvider {
  return { ...base, canAccess: async (params) => !denied.includes(`${params.resource}:${params.action}`) && base.canAccess!(params) };
}

const record = { id: 'u1', title: 'Encore at the Harbor' };
const dataProvider = { getOne: async () => ({ data: record }) } as unknown as DataProvider;

/** A plain edit view as the generic views will write one: inputs follow useCanEditRecord(). */
const View = () => {
  const canEdit = useCanEditRecord();
  return (
    <Form>
      <ReadOnlyNotice />
      <TextInput source="title" disabled={!canEdit} />
      <SaveIfAllowed />
      <DeleteIfAllowed />
    </Form>
  );
};

function open(role: 'readonly' | 'user') {
  const context = contextFor({ user: { role, canEdit: role !== 'readonly' } });
  return renderInAdmin(
    <EditOrViewBase resource="uploads" id="u1">
      <View />
    </EditOrViewBase>,
    '/uploads/u1',
    { dataProvider, authProvider: authProviderFor(context) },
  );
}

describe('read-only viewing is the default', () => {
  it('a member who may read but not edit opens the record read-only: disabled inputs, no Save, no Delete', async () => {
    open('readonly');
    const title = await screen.findByDisplayValue('Encore at the Harbor');
    expect(title).toBeDisabled();
    expect(screen.getByText('You can view this record but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('a member who may edit gets the inputs, Save and Delete', async () => {
    open('user');
    const title = await screen.findByDisplayValue('Encore at the Harbor');
    expect(title).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByText('You can view this record but not change it.')).toBeNull();
  });
});

describe('every delete button checks access', () => {
  const upload = { id: 'v1' } as unknown as UploadRecord;
  it("Fan Uploads' Delete shows only to members who may delete", async () => {
    const authProvider = authProviderFor(contextFor({ user: { role: 'readonly', canEdit: false } }));
    const asked = vi.spyOn(authProvider, 'canAccess');
    const { unmount } = renderInAdmin(<DeleteUploadButton upload={upload} resource="uploads" />, '/uploads', { dataProvider, authProvider });
    await waitFor(() => expect(asked).toHaveBeenCalledWith(expect.objectContaining({ resource: 'uploads', action: 'delete' })));
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    unmount();
    renderInAdmin(<DeleteUploadButton upload={upload} resource="uploads" />, '/uploads', { dataProvider, authProvider: authProviderFor(contextFor()) });
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  // Edit and delete share a rule today; each delete button must still ask delete's own.
  it("Fan Uploads' bulk Delete asks delete, not edit", async () => {
    const context = contextFor();
    setAppContext(context);
    const permissions = { canEdit: true, tagsAllowed: true, canDownload: false } as UploadPermissions;
    const list = {
      data: [{ id: 'v1' }],
      selectedIds: ['v1'],
      resource: 'uploads',
      onSelect: () => undefined,
      onUnselectItems: () => undefined,
    } as unknown as ListControllerResult;
    const bar = (
      <ListContextProvider value={list}>
        <BulkBar permissions={permissions} />
      </ListContextProvider>
    );
    const denying = deny(authProviderFor(context), 'uploads:delete');
    const asked = vi.spyOn(denying, 'canAccess');
    const { unmount } = renderInAdmin(bar, '/uploads', { dataProvider, authProvider: denying });
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toHaveBeenCalledWith(expect.objectContaining({ resource: 'uploads', action: 'delete' })));
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    unmount();
    renderInAdmin(bar, '/uploads', { dataProvider, authProvider: authProviderFor(context) });
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it("Users' Remove and a pending invitation's Cancel ask account-users delete, not edit", async () => {
    const member = {
      id: 'm2',
      firstName: 'Rae',
      lastName: 'Ross',
      email: 'rae@example.com',
      role: 'user' as const,
      avatar: null,
      videoProcessedEmails: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const invite = {
      id: 'i1',
      email: 'new@example.com',
      role: 'user',
      expiresAt: '2100-01-01T00:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const invites = { getList: async () => ({ data: [invite], total: 1 }) } as unknown as DataProvider;
    const context = contextFor({ user: { role: 'owner', isAdmin: true } });
    const screens = (
      <>
        <AccountMembers members={[member]} selfId="u1" canManage onEdit={() => undefined} onRemove={() => undefined} />
        <PendingInvites accountId="a1" canManage onChange={() => undefined} />
      </>
    );
    const denying = deny(authProviderFor(context), 'account-users:delete');
    const asked = vi.spyOn(denying, 'canAccess');
    const { unmount } = renderInAdmin(screens, '/account-settings/users', { dataProvider: invites, authProvider: denying });
    expect(await screen.findByRole('button', { name: 'Resend' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toHaveBeenCalledWith(expect.objectContaining({ resource: 'account-users', action: 'delete' })));
    await act(async () => undefined);
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel invite' })).toBeNull();
    unmount();
    renderInAdmin(screens, '/account-settings/users', { dataProvider: invites, authProvider: authProviderFor(context) });
    expect(await screen.findByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Cancel invite' })).toBeInTheDocument();
  });
});
