import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes } from '../../server/routes';
import type { RouteDef } from '../../server/routes/define';
import { createPage } from '../../server/services/pages';
import { createTestApp, demoAccounts, signIn, testDatabases, type TestApp } from './helpers';
import { insertUpload } from './uploadFixtures';
import { CONSOLE_REQUEST_HEADER } from '@shared/domain/constants';

/**
 * Walks every route of the route table with bad input, as a platform admin (whom no guard
 * stops): bodies of the wrong shape, wrong types in every field, unknown fields, paging that is
 * not a number, and ids that name nothing. Each must answer a 4xx JSON error with a message,
 * never a 5xx, so routes added later are held to it the day they are added.
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
  const params: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { band } = await demoAccounts(t.db);
    admin = await signIn(t.app, 'admin@example.com');
    await t.app.inject({ method: 'POST', url: `/api/auth/switch-account/${band}`, headers: { cookie: admin } });
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'user@example.com').executeTakeFirstOrThrow();
    const page = await createPage(t.db, band, 'Bad Input Page');
    const upload = await insertUpload(t.db, { accountId: band, pageId: page.id });
    const musician = await t.db.selectFrom('users').select('id').where('email', '=', 'maya@example.com').executeTakeFirstOrThrow();
    Object.assign(params, { musicianId: musician.id, accountId: band, userId: user.id, pageId: page.id, uploadId: upload.id });
  });
  afterAll(async () => t?.close());

  /** The route's path with real rows: pages under /api/pages, users under /api/users, uploads under /api/upload-videos, accounts elsewhere. */
  function urlOf(def: RouteDef, missing = false): string {
    return def.url.replace(/:(\w+)/g, (_, name: string) => {
      if (missing) return MISSING_ID;
      // The public capture routes take the demo's enabled page by its slugs.
      if (name === 'accountSlug') return 'midnightowls';
      if (name === 'pageSlug') return 'summertour2026';
      if (def.url.startsWith('/api/users/:id/musician')) return params.musicianId;
      if (name === 'userId' || def.url.startsWith('/api/users/:id')) return params.userId;
      if (def.url.startsWith('/api/pages/:id')) return params.pageId;
      if (name === 'videoId' || def.url.startsWith('/api/upload-videos/:id')) return params.uploadId;
      return name === 'token' ? MISSING_ID : params.accountId;
    });
  }

  const send = (def: RouteDef, url: string, payload?: unknown) =>
    t.app.inject({
      method: def.method,
      url,
      // As the console sends it (same-origin-only GETs such as connect-dropbox need it).
      headers: { cookie: admin, [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
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

  const mutating = routes.filter((def) => def.method === 'POST' || def.method === 'PUT');
  const withBody = mutating.filter((def) => def.schema?.body);

  it('answers 400 to bodies of the wrong shape, unknown fields and wrong types in every field', async () => {
    expect(withBody.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const def of withBody) {
      const url = urlOf(def);
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
        problems.push(problem(def, query, await send(def, `${urlOf(def)}?${query}`), [400]) ?? '');
      }
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it("takes back what its GET answered (read-only fields ignored, null where the field is nullable) at every GET/PUT pair", async () => {
    const pairs = routes.filter((def) => def.method === 'PUT' && routes.some((get) => get.method === 'GET' && get.url === def.url));
    expect(pairs.length).toBeGreaterThanOrEqual(6);
    const problems: string[] = [];
    for (const def of pairs) {
      const url = urlOf(def);
      const got = await send({ ...def, method: 'GET' }, url);
      expect(got.statusCode, `GET ${url}`).toBe(200);
      const sentBack = await send(def, url, got.json());
      problems.push(problem(def, 'with its GET answer', { statusCode: sentBack.statusCode, body: sentBack.statusCode === 200 ? '{"message":"ok"}' : sentBack.body }, [200]) ?? '');
      const { updatedAt: _before, ...before } = got.json();
      const { updatedAt: _after, ...after } = sentBack.json();
      if (sentBack.statusCode === 200) expect(after, `${def.url} unchanged`).toEqual(before);
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('answers 400 to paging that is not a number', async () => {
    const problems: string[] = [];
    for (const def of routes.filter((route) => shapeOf(route.schema?.querystring)?.page)) {
      problems.push(problem(def, 'page=abc', await send(def, `${urlOf(def)}?page=abc&limit=-1`), [400]) ?? '');
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('answers 404 (or 400 for the body) to ids that name nothing', async () => {
    const problems: string[] = [];
    for (const def of routes.filter((route) => route.url.startsWith('/api/') && route.url.includes('/:'))) {
      const payload = def.method === 'POST' || def.method === 'PUT' ? {} : undefined;
      problems.push(problem(def, 'with a missing id', await send(def, urlOf(def, true), payload), [400, 404]) ?? '');
    }
    expect(problems.filter(Boolean)).toEqual([]);
  });
});
