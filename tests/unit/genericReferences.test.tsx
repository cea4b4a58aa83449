import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore, ResourceContextProvider, ResourceDefinitionContextProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import en from '../../src/i18n/en';
import { permissionTable } from '#shared/domain/permissions';
import { resources } from '#shared/resources/index';
import { ResourceList } from '../../src/resources/generic/ResourceList';
import { ResourceCreate } from '../../src/resources/generic/ResourceViews';
import { setlists } from '../fixtures/resources/setlists';
import { venues } from '../fixtures/resources/venues';
import setlistsMessages from '../fixtures/resources/setlists.messages';
import venuesMessages from '../fixtures/resources/venues.messages';
import { authProviderFor, contextFor } from './render';

/** A reference to another declared resource in the default views (a setlist's venue, tests/fixtures/resources/setlists.ts). */
const permissions = permissionTable([...resources, venues, setlists]);
const i18nProvider = polyglotI18nProvider(
  () => ({ ...en, resources: { ...(en.resources as object), venues: venuesMessages, setlists: setlistsMessages } }),
  'en',
  [],
  { allowMissing: true },
);
const mohawk = { id: 'v2', name: 'Mohawk', city: 'Austin' };
const parish = { id: 'v1', name: 'The Parish', city: 'Austin' };
const night = {
  id: 's1',
  title: 'Friday',
  songs: null,
  status: 'draft',
  venueId: 'v2',
  venue: { id: 'v2', name: 'Mohawk' },
  songCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function dataProvider(): DataProvider {
  return {
    getList: vi.fn(async (resource: string) => (resource === 'venues' ? { data: [parish, mohawk], total: 2 } : { data: [night], total: 1 })),
    getMany: vi.fn(async (_resource: string, { ids }: { ids: string[] }) => ({ data: [parish, mohawk].filter((venue) => ids.includes(venue.id)) })),
    create: vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...night, ...data, id: 's2' } })),
  } as unknown as DataProvider;
}

function open(path: string, provider = dataProvider()) {
  const authProvider = authProviderFor(contextFor({ user: { role: 'user', canEdit: true } }), permissions);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()} dataProvider={provider} authProvider={authProvider}>
        <ResourceDefinitionContextProvider definitions={{ venues: { name: 'venues', hasEdit: true, hasShow: true } }}>
          <ResourceContextProvider value="setlists">
            <Routes>
              <Route path="/setlists" element={<ResourceList resource={setlists} />} />
              <Route path="/setlists/create" element={<ResourceCreate resource={setlists} />} />
            </Routes>
          </ResourceContextProvider>
        </ResourceDefinitionContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return provider;
}

describe('a reference to another declared resource in the default views', () => {
  it('is chosen by name among that resource’s records and saved as its id', async () => {
    const provider = open('/setlists/create');
    fireEvent.change(await screen.findByLabelText(/Title/), { target: { value: 'Saturday' } });
    const venue = screen.getByRole('combobox', { name: 'Venue' });
    fireEvent.mouseDown(venue);
    fireEvent.click(await screen.findByRole('option', { name: 'Mohawk' }));
    expect(venue).toHaveValue('Mohawk');
    // Asked in an order the API takes: by the name shown (a declared sort of venues).
    expect(provider.getList).toHaveBeenCalledWith('venues', expect.objectContaining({ sort: { field: 'name', order: 'ASC' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(provider.create).toHaveBeenCalledWith(
        'setlists',
        expect.objectContaining({ data: expect.objectContaining({ title: 'Saturday', venueId: 'v2' }) }),
      ),
    );
  });

  it('shows the chosen record’s name in the list, linked to it', async () => {
    open('/setlists');
    const table = await screen.findByRole('table');
    const link = await within(table).findByRole('link', { name: 'Mohawk' });
    expect(link.getAttribute('href')).toMatch(/venues\/v2/);
  });
});
