import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, memoryStore, ResourceContextProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import en from '../../src/i18n/en';
import { permissionTable } from '#shared/domain/permissions';
import { resources } from '#shared/resources/index';
import { ResourceList } from '../../src/resources/generic/ResourceList';
import { ResourceCreate, ResourceEdit } from '../../src/resources/generic/ResourceViews';
import { declaredDefinitions, resourceDefinition } from '../../src/resources/generic';
import type { ResourceDefinition } from '../../src/resources/types';
import { venues } from '../fixtures/resources/venues';
import { webhookDeliveries } from '#shared/resources/webhook-deliveries';
import venuesMessages from '../fixtures/resources/venues.messages';
import { authProviderFor, contextFor } from './render';

/**
 * The console's default views of a declared resource, from the declaration alone
 * (tests/fixtures/resources/venues.ts and its strings): list, create, and the record read-only
 * for members who may read but not edit.
 */
const permissions = permissionTable([...resources, venues]);
const i18nProvider = polyglotI18nProvider(
  () => ({ ...en, resources: { ...(en.resources as object), venues: { ...venuesMessages, search: 'Search venues' } } }),
  'en',
  [],
  { allowMissing: true },
);
const parish = {
  id: 'v1',
  name: 'The Parish',
  city: 'Austin',
  country: 'US',
  capacity: 450,
  notes: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function dataProvider(): DataProvider {
  return {
    getList: vi.fn(async () => ({ data: [parish, { ...parish, id: 'v2', name: 'Mohawk', capacity: 900 }], total: 2 })),
    getOne: vi.fn(async () => ({ data: parish })),
    create: vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...parish, ...data, id: 'v3' } })),
    update: vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...parish, ...data } })),
    delete: vi.fn(async () => ({ data: parish })),
  } as unknown as DataProvider;
}

/** The views the routes show: the generic ones, or a definition's (with its replaced views). */
type Screens = Pick<ResourceDefinition, 'list' | 'edit' | 'create'>;
const genericScreens: Screens = {
  list: () => <ResourceList resource={venues} />,
  edit: () => <ResourceEdit resource={venues} />,
  create: () => <ResourceCreate resource={venues} />,
};

function open(path: string, role: 'readonly' | 'user', provider = dataProvider(), { list: List, edit: Edit, create: Create }: Screens = genericScreens) {
  const authProvider = authProviderFor(contextFor({ user: { role, canEdit: role !== 'readonly' } }), permissions);
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} store={memoryStore()} dataProvider={provider} authProvider={authProvider}>
        <ResourceContextProvider value="venues">
          <Routes>
            {List && <Route path="/venues" element={<List />} />}
            {Create && <Route path="/venues/create" element={<Create />} />}
            {Edit && <Route path="/venues/:id" element={<Edit />} />}
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
  return provider;
}

describe('the default views of a declared resource (Venues)', () => {
  it('lists records with the declared columns, sorted by the declared default, searchable', async () => {
    const provider = open('/venues', 'readonly');
    expect(await screen.findByText('Mohawk')).toBeInTheDocument();
    const table = screen.getByRole('table');
    for (const header of ['Name', 'City', 'Country', 'Capacity']) expect(within(table).getByText(header)).toBeInTheDocument();
    expect(provider.getList).toHaveBeenCalledWith('venues', expect.objectContaining({ sort: { field: 'name', order: 'ASC' } }));
    // The search box shows the resource's own words (resources.venues.search), not a key.
    expect(screen.getByRole('textbox', { name: 'Search venues' })).toHaveAttribute('placeholder', 'Search venues');
    // Read-only members do not get New.
    expect(screen.queryByRole('link', { name: /create/i })).toBeNull();
  });

  it('offers Create to members who may create', async () => {
    open('/venues', 'user');
    expect(await screen.findByRole('link', { name: /create/i })).toBeInTheDocument();
  });

  it('opens a record read-only for a read-only member: disabled inputs, no Save, no Delete', async () => {
    open('/venues/v1', 'readonly');
    const name = await screen.findByDisplayValue('The Parish');
    expect(name).toBeDisabled();
    expect(screen.getByDisplayValue('450')).toBeDisabled();
    expect(screen.getByText('You can view this record but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('lets a user edit and save, checked by the same schema as the API', async () => {
    const provider = open('/venues/v1', 'user');
    const name = await screen.findByDisplayValue('The Parish');
    expect(name).toBeEnabled();
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Parish Hall' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(provider.update).toHaveBeenCalled());
    expect((provider.update as ReturnType<typeof vi.fn>).mock.calls[0][1].data).toMatchObject({ name: 'Parish Hall', city: 'Austin' });
  });

  it('creates with an input per field and refuses what the API would', async () => {
    const provider = open('/venues/create', 'user');
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(screen.getByLabelText(/Notes/).tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText(/Capacity/)).toHaveAttribute('type', 'number');
    fireEvent.click(save);
    expect(await screen.findAllByText('Required')).not.toHaveLength(0);
    expect(provider.create).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Stubbs' } });
    fireEvent.change(screen.getByLabelText(/City/), { target: { value: 'Austin' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(provider.create).toHaveBeenCalledWith('venues', expect.objectContaining({ data: expect.objectContaining({ name: 'Stubbs', city: 'Austin' }) })),
    );
  });

  it('is a react-admin resource with its endpoints, menu place, label and permission from the declaration', () => {
    const definition = resourceDefinition(venues);
    expect(definition).toMatchObject({ name: 'venues', menu: 'main', label: 'resources.venues.menu', permission: 'venues' });
    expect(definition.endpoints.list('a1')).toBe('/api/accounts/a1/venues');
    expect(definition.endpoints.one('v1', 'a1')).toBe('/api/accounts/a1/venues/v1');
    for (const view of ['list', 'edit', 'create', 'show'] as const) expect(definition[view]).toBeTypeOf('function');
  });

  it('replaces a view by its file alone (src/resources/venues/List.tsx), loaded when first shown; the others stay generic', async () => {
    const load = vi.fn(async () => ({ default: () => <p>Our own venue list</p> }));
    const [definition, log] = declaredDefinitions([venues, webhookDeliveries], { './venues/List.tsx': load });
    expect(load).not.toHaveBeenCalled();
    open('/venues', 'user', dataProvider(), definition);
    expect(await screen.findByText('Our own venue list')).toBeInTheDocument();
    cleanup();
    // The edit view is still the generic form; the delivery log keeps all its views.
    open('/venues/v1', 'user', dataProvider(), definition);
    expect(await screen.findByDisplayValue('The Parish')).toBeEnabled();
    expect(log.list).toBeTypeOf('function');
    expect(log.edit).toBeUndefined();
  });

  it('refuses a view file that would never show: no such resource, no such action, not a view name', () => {
    const load = async () => ({ default: () => null });
    expect(() => declaredDefinitions([venues], { './venue/Edit.tsx': load })).toThrow('src/resources/venue/Edit.tsx: no declared resource is named venue');
    expect(() => declaredDefinitions([webhookDeliveries], { './webhook-deliveries/Edit.tsx': load })).toThrow(
      'src/resources/webhook-deliveries/Edit.tsx: webhook-deliveries has no edit action',
    );
    expect(() => declaredDefinitions([venues], { './venues/views.tsx': load })).toThrow('a view file is List.tsx, Edit.tsx, Create.tsx or Show.tsx');
  });

  it('mounts only the views of the actions a resource has: the webhook delivery log lists and shows', () => {
    const log = resourceDefinition(webhookDeliveries);
    expect([log.list, log.show].map((view) => typeof view)).toEqual(['function', 'function']);
    expect([log.edit, log.create]).toEqual([undefined, undefined]);
    expect(log.endpoints.one('d1', 'a1')).toBe('/api/accounts/a1/webhook-deliveries/d1');
  });
});
