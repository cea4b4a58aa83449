import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore, ResourceContextProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { z } from 'zod';
import en from '../../src/i18n/en';
import { permissionTable } from '#shared/domain/permissions';
import { resources } from '#shared/resources/index';
import { defineResource } from '#shared/resources/define';
import { requiredText } from '#shared/domain/schemas/common';
import { ResourceEdit } from '../../src/resources/generic/ResourceViews';
import { authProviderFor, contextFor } from './render';

/** A declared record action in the default record screen: a button for the roles its rule names, asked first, sent as the provider's action. */
const gigs = defineResource({
  name: 'gigs',
  table: 'gigs',
  scope: 'account',
  fields: { title: requiredText(100), status: z.enum(['open', 'closed']) },
  readOnly: ['status'],
  recordActions: { close: { set: { status: 'closed' } } },
  sorts: ['title'],
  defaultSort: 'title',
  access: { list: 'readonly', show: 'readonly', create: 'user', edit: 'user', delete: 'user', close: 'admin' },
  menu: 'main',
});
const permissions = permissionTable([...resources, gigs]);
const i18nProvider = polyglotI18nProvider(
  () => ({
    ...en,
    resources: { ...(en.resources as object), gigs: { name: 'Gig |||| Gigs', fields: { title: 'Title', status: 'Status' }, actions: { close: 'Close' } } },
  }),
  'en',
  [],
  { allowMissing: true },
);
const gig = { id: 'g1', title: 'Parish', status: 'open', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };

function open(role: 'admin' | 'user') {
  const provider = {
    getOne: vi.fn(async () => ({ data: gig })),
    action: vi.fn(async () => ({ ...gig, status: 'closed' })),
  } as unknown as DataProvider & { action: ReturnType<typeof vi.fn> };
  render(
    <MemoryRouter initialEntries={['/gigs/g1']}>
      <AdminContext
        i18nProvider={i18nProvider}
        store={memoryStore()}
        dataProvider={provider}
        authProvider={authProviderFor(contextFor({ user: { role } }), permissions)}
      >
        <ResourceContextProvider value="gigs">
          <Routes>
            <Route path="/gigs/:id" element={<ResourceEdit resource={gigs} />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return provider;
}

describe('a declared record action in the default record screen', () => {
  it('is a button for the roles its rule names; confirmed, it is the provider’s action on the record', async () => {
    const provider = open('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    // Asked first: nothing is sent until the dialog's own Close.
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure?')).toBeInTheDocument();
    expect(provider.action).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(provider.action).toHaveBeenCalledWith('gigs', { id: 'g1', action: 'close' }));
  });

  it('is not there for a role its rule leaves out, who still sees the record', async () => {
    open('user');
    expect(await screen.findByDisplayValue('Parish')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
