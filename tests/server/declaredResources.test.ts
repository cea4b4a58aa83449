import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { z } from 'zod';
import { recordParam } from '#shared/resources/define';
import { sampleValue } from '#shared/resources/fields';
import { createUser } from '../../server/services/users';
import { addMember, createAccount } from '../../server/services/accountCreate';
import { listQueries } from '../../server/db/repositories/declared';
import { behaviours } from '../../server/resources/behaviours';
import { venues } from '../fixtures/resources/venues';
import { createTestApp, demoAccounts, fieldErrors, signIn, testDatabases, type TestApp } from './helpers';

/**
 * A resource declared once (tests/fixtures/resources/venues.ts, its migration and its
 * strings, nothing else) gets its routes, its permissions on both sides, OpenAPI entries, paging,
 * sorts, search and filters from indexes, and rows no other account reaches.
 */
describe.each(testDatabases)('a declared resource (Venues) on $name', (kind) => {
  let t: TestApp;
  let band: string;
  let elsewhere: string;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind, { resources: [venues] });
    ({ band } = await demoAccounts(t.db));
    elsewhere = await createAccount(t.db, { name: 'Elsewhere', slug: 'elsewhere' });
    const stranger = await createUser(t.db, {
      email: 'stranger@example.com',
      password: 'demo1234',
      emailVerified: true,
      status: 'enabled',
      firstName: 'Stra',
      lastName: 'Nger',
    });
    await addMember(t.db, elsewhere, stranger, 'owner');
    for (const email of ['user@example.com', 'readonly@example.com', 'stranger@example.com']) cookies[email] = await signIn(t.app, email);
  });
  afterAll(async () => t?.close());

  const send = (email: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: cookies[email] }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('creates, lists, reads, saves and deletes as a user of the account', async () => {
    const created = await send('user@example.com', 'POST', `/api/accounts/${band}/venues`, {
      name: 'The Parish',
      city: 'Austin',
      country: 'US',
      capacity: 450,
    });
    expect(created.statusCode).toBe(201);
    const venue = created.json();
    expect(venue).toMatchObject({ name: 'The Parish', city: 'Austin', country: 'US', capacity: 450, notes: null });
    expect(venue).not.toHaveProperty('accountId');

    const one = await send('user@example.com', 'GET', `/api/accounts/${band}/venues/${venue.id}`);
    expect(one.json()).toEqual(venue);

    // A PUT takes back what GET answered; a field left out is cleared.
    const saved = await send('user@example.com', 'PUT', `/api/accounts/${band}/venues/${venue.id}`, { ...venue, name: 'Parish Hall', capacity: null });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: venue.id, name: 'Parish Hall', capacity: null, city: 'Austin' });

    const removed = await send('user@example.com', 'DELETE', `/api/accounts/${band}/venues/${venue.id}`);
    // react-admin's delete keeps the record it removed: the answer is the record as it was.
    expect(removed.json()).toEqual(saved.json());
    expect((await send('user@example.com', 'GET', `/api/accounts/${band}/venues/${venue.id}`)).statusCode).toBe(404);
  });

  it('pages, sorts, searches and filters the list with its total', async () => {
    for (const [name, city, capacity] of [
      ['Mohawk', 'Austin', 900],
      ['Stubbs', 'Austin', 2000],
      ['Fillmore', 'San Francisco', 1150],
      ['Bowery Ballroom', 'New York', 575],
    ] as const) {
      expect((await send('user@example.com', 'POST', `/api/accounts/${band}/venues`, { name, city, capacity })).statusCode).toBe(201);
    }
    const list = (query: string) => send('readonly@example.com', 'GET', `/api/accounts/${band}/venues?${query}`).then((r) => r.json());
    const names = (body: { data: { name: string }[] }) => body.data.map((row) => row.name);
    expect(names(await list('sort=name&order=asc'))).toEqual(['Bowery Ballroom', 'Fillmore', 'Mohawk', 'Stubbs']);
    expect(names(await list('sort=capacity&order=desc&limit=2&page=1'))).toEqual(['Stubbs', 'Fillmore']);
    expect(await list('sort=capacity&order=desc&limit=2&page=2')).toMatchObject({ total: 4, data: [{ name: 'Mohawk' }, { name: 'Bowery Ballroom' }] });
    expect(names(await list('q=aUsT&sort=name&order=asc'))).toEqual(['Mohawk', 'Stubbs']);
    expect(await list('city=New%20York')).toMatchObject({ total: 1, data: [{ name: 'Bowery Ballroom' }] });
    // Unknown sorts and filters are refused, never passed to SQL.
    expect((await send('readonly@example.com', 'GET', `/api/accounts/${band}/venues?sort=notes`)).statusCode).toBe(400);
    expect((await send('readonly@example.com', 'GET', `/api/accounts/${band}/venues?notAFilter=1`)).statusCode).toBe(400);
  });

  it('refuses bad fields with their messages', async () => {
    const response = await send('user@example.com', 'POST', `/api/accounts/${band}/venues`, { name: ' ', city: 'x'.repeat(101), capacity: 1.5 });
    expect(response.statusCode).toBe(400);
    expect(fieldErrors(response)).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Required' },
        { path: 'city', message: expect.stringContaining('100') },
        { path: 'capacity', message: expect.any(String) },
      ]),
    );
    expect((await send('user@example.com', 'POST', `/api/accounts/${band}/venues`, { name: 'A', city: 'B', notAField: 1 })).statusCode).toBe(400);
  });

  it('lets read-only members see but not change, as the declared access row says on both sides', async () => {
    const venue = (await send('user@example.com', 'POST', `/api/accounts/${band}/venues`, { name: 'Antones', city: 'Austin' })).json();
    const url = `/api/accounts/${band}/venues/${venue.id}`;
    expect((await send('readonly@example.com', 'GET', url)).statusCode).toBe(200);
    expect((await send('readonly@example.com', 'GET', `/api/accounts/${band}/venues`)).statusCode).toBe(200);
    expect((await send('readonly@example.com', 'POST', `/api/accounts/${band}/venues`, { name: 'A', city: 'B' })).statusCode).toBe(403);
    expect((await send('readonly@example.com', 'PUT', url, { name: 'Changed', city: 'Austin' })).statusCode).toBe(403);
    expect((await send('readonly@example.com', 'DELETE', url)).statusCode).toBe(403);
    expect((await send('user@example.com', 'GET', url)).json().name).toBe('Antones');
    // The console's canAccess reads the same row.
    expect(t.app.permissions.canAccess({ type: 'user', role: 'readonly' }, { resource: 'venues', action: 'show' })).toBe(true);
    expect(t.app.permissions.canAccess({ type: 'user', role: 'readonly' }, { resource: 'venues', action: 'edit' })).toBe(false);
    expect(t.app.permissions.canAccess({ type: 'user', role: 'user' }, { resource: 'venues', action: 'delete' })).toBe(true);
  });

  it("answers 404 to another account's member asking for a venue by id, and changes nothing", async () => {
    const venue = (await send('user@example.com', 'POST', `/api/accounts/${band}/venues`, { name: 'Hole in the Wall', city: 'Austin' })).json();
    const theirs = `/api/accounts/${elsewhere}/venues/${venue.id}`;
    expect((await send('stranger@example.com', 'GET', theirs)).statusCode).toBe(404);
    expect((await send('stranger@example.com', 'PUT', theirs, { name: 'Taken', city: 'Austin' })).statusCode).toBe(404);
    expect((await send('stranger@example.com', 'DELETE', theirs)).statusCode).toBe(404);
    expect((await send('stranger@example.com', 'GET', `/api/accounts/${elsewhere}/venues`)).json()).toEqual({ data: [], total: 0 });
    // Through the owning account's path the guard refuses a non-member.
    expect((await send('stranger@example.com', 'GET', `/api/accounts/${band}/venues/${venue.id}`)).statusCode).toBe(403);
    expect((await send('user@example.com', 'GET', `/api/accounts/${band}/venues/${venue.id}`)).json().name).toBe('Hole in the Wall');
  });

  it('describes its routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const one = `/api/accounts/{id}/venues/{${recordParam(venues)}}`;
    expect(Object.keys(doc.paths['/api/accounts/{id}/venues'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths[one])).toEqual(expect.arrayContaining(['get', 'put', 'delete']));
    expect(doc.paths[one].get.tags).toEqual(['venues']);
    const validation = await new Validator().validate(doc);
    expect(validation.errors ?? []).toEqual([]);
  });

  it.runIf(kind.name === 'sqlite')("serves every declared resource's sorts and filters from its indexes (no table scan, no sort step)", async () => {
    // The product's declarations (shared/resources/index.ts) and the test ones alike, but those whose
    // list is a repository function of their own (its indexes are listIndexes.test.ts's).
    const declared = t.app.resources.filter((resource) => !behaviours[resource.name]?.repository?.list);
    expect(declared).toContain(venues);
    for (const resource of declared) {
      const requests = [
        ...resource.sorts.map((sort) => ({ sort })),
        ...(resource.filters ?? []).flatMap((filter) => resource.sorts.map((sort) => ({ sort, [filter]: sampleValue(resource.fields[filter] as z.ZodType) }))),
      ];
      for (const request of requests) {
        const { rows, count } = listQueries(t.db, resource, band, { page: 2, limit: 25, order: 'desc', ...request });
        for (const query of [rows, count]) {
          const compiled = query.compile();
          const plan = await t.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
          const lines = plan.rows.map((row) => row.detail).join('\n');
          const what = `${resource.name} ${JSON.stringify(request)}`;
          // A unique constraint's index (a page's slug in its account) is named by SQLite.
          expect(lines, what).toMatch(new RegExp(`USING (COVERING )?INDEX (sqlite_autoindex_)?${resource.table}_`));
          if (query === rows && Object.keys(request).length === 1) expect(lines, what).not.toMatch(/TEMP B-TREE/);
        }
      }
    }
  });
});
