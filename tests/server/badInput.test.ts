import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDef } from '../../server/routes/define';
import { createTestApp, signIn, testDatabases, type TestApp } from './helpers';
import { testResources } from '../fixtures/resources';
import { paramKeys, pathValues, walkWorld } from './routeFixtures';
import { CONSOLE_REQUEST_HEADER } from '#shared/domain/constants';

/**
 * Walks every route of the route table with bad input, as a platform admin (whom no guard
 * stops): bodies of the wrong shape, wrong types in every field, unknown fields, paging that is
 * not a number, and ids that name nothing. Each must answer a 4xx JSON error with a message,
 * never a 5xx, so routes added later are held to it the day they are added, declared resources
 * (tests/fixtures/resources) included. Path values come from one table (routeFixtures.ts).
 */
const MISSING_ID = 'no-such-record-0000';

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  // A body that takes back its GET's answer is the object behind a preprocess step.
  if (schema instanceof z.ZodPipe) return shapeOf(schema.out as z.ZodType);
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : undefined;
}

describe.each(testDatabases)('bad input to every route on $name', (kind) => {
  let t: TestApp;
  let admin: string;
  let routes: readonly RouteDef[];
  let paths: ReturnType<typeof pathValues>;

  beforeAll(async () => {
    t = await createTestApp(kind, { resources: testResources.map((entry) => entry.resource) });
    const world = await walkWorld(t);
    routes = t.app.routeTable;
    paths = pathValues(world);
    admin = await signIn(t.app, 'admin@example.com');
    await t.app.inject({ method: 'POST', url: `/api/auth/switch-account/${world.accountA}`, headers: { cookie: admin } });
  });
  afterAll(async () => t?.close());

  /** The route's path with real rows of account A (routeFixtures.ts), or ids that name nothing. */
  function urlOf(def: RouteDef, missing = false): Promise<string> {
    return paths(def, missing ? Object.fromEntries(paramKeys(def.url).map(({ name }) => [name, MISSING_ID])) : {});
  }

  const send = (def: RouteDef, url: string, payload?: unknown) =>
    t.app.inject({
      method: def.method,
      url,
      // As the console sends it (same-origin-only GETs such as connect-dropbox need it).
      headers: {
        cookie: admin,
        [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  function problem(def: RouteDef, what: string, response: { statusCode: number; body: string }, expected: number[]): string | undefined {
    let message: unknown;
    try {
      message = JSON.parse(response.body).message;
    } catch {
      message = undefined;
    }
    if (expected.includes(response.statusCode) && typeof message === 'string' && message.length > 0) return undefined;
    return `${def.method} ${def.url} ${what}: ${response.statusCode} ${response.body.slice(0, 160)}`;
  }

  it('answers 400 to bodies of the wrong shape, unknown fields and wrong types in every field', async () => {
    const withBody = routes.filter((def) => (def.method === 'POST' || def.method === 'PUT') && def.schema?.body);
    expect(withBody.map((def) => def.url)).toContain('/api/accounts/:id/venues/:venueId');
    expect(withBody.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const def of withBody) {
      const url = await urlOf(def);
      for (const [what, payload] of [
        ['a list body', [1, 2]],
        ['a text body', 'hello'],
        ['an unknown field', { notAField: 1 }],
      ] as const) {
        problems.push(problem(def, what, await send(def, url, payload), [400]) ?? '');
      }
      const shape = shapeOf(def.schema!.body);
      if (shape) {
        const wrong = Object.fromEntries(Object.keys(shape).map((key) => [key, { wrong: true }]));
        problems.push(problem(def, 'every field of the wrong type', await send(def, url, wrong), [400]) ?? '');
      }
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('answers 400 to date filters that are not dates, before 01/01/2020 or in the wrong order', async () => {
    const dated = routes.filter((route) => route.method === 'GET' && shapeOf(route.schema?.querystring)?.startDate);
    expect(dated.map((def) => def.url)).toContain('/api/account-stats/:id');
    const problems: string[] = [];
    for (const def of dated) {
      for (const query of ['startDate=yesterday', 'startDate=2019-12-31', 'endDate=2026-02-30', 'startDate=2026-01-02&endDate=2026-01-01', 'notAFilter=1']) {
        problems.push(problem(def, query, await send(def, `${await urlOf(def)}?${query}`), [400]) ?? '');
      }
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('takes back what its GET answered (read-only fields ignored, null where the field is nullable) at every GET/PUT pair', async () => {
    const pairs = routes.filter((def) => def.method === 'PUT' && routes.some((get) => get.method === 'GET' && get.url === def.url));
    expect(pairs.length).toBeGreaterThanOrEqual(6);
    const problems: string[] = [];
    for (const def of pairs) {
      const url = await urlOf(def);
      const got = await send({ ...def, method: 'GET' }, url);
      expect(got.statusCode, `GET ${url}`).toBe(200);
      const sentBack = await send(def, url, got.json());
      problems.push(
        problem(
          def,
          'with its GET answer',
          { statusCode: sentBack.statusCode, body: sentBack.statusCode === 200 ? '{"message":"ok"}' : sentBack.body },
          [200],
        ) ?? '',
      );
      const { updatedAt: _before, ...before } = got.json();
      const { updatedAt: _after, ...after } = sentBack.json();
      if (sentBack.statusCode === 200) expect(after, `${def.url} unchanged`).toEqual(before);
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('answers 400 to paging that is not a number', async () => {
    const problems: string[] = [];
    for (const def of routes.filter((route) => shapeOf(route.schema?.querystring)?.page)) {
      problems.push(problem(def, 'page=abc', await send(def, `${await urlOf(def)}?page=abc&limit=-1`), [400]) ?? '');
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('answers 404 (or 400 for the body) to ids that name nothing', async () => {
    const problems: string[] = [];
    for (const def of routes.filter((route) => route.url.startsWith('/api/') && route.url.includes('/:'))) {
      const payload = def.method === 'POST' || def.method === 'PUT' ? {} : undefined;
      problems.push(problem(def, 'with a missing id', await send(def, await urlOf(def, true), payload), [400, 404]) ?? '');
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });
});
