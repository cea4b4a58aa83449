import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { Form, TextInput, type DataProvider } from 'react-admin';
import { DeleteIfAllowed, EditOrViewBase, ReadOnlyNotice, SaveIfAllowed, useCanEditRecord } from '../../src/components/RecordAccess';
import { DeleteUploadButton } from '../../src/resources/uploads/CardActionsRow';
import type { UploadRecord } from '../../src/resources/uploads/uploadRecord';
import { authProviderFor, contextFor, renderInAdmin } from './render';

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

describe('read-only viewing is the default (issue 31)', () => {
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
});
