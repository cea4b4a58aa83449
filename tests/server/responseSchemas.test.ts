import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler } from '../../server/http/serializer';
import { Validator } from '@seriousme/openapi-schema-validator';
import { z } from 'zod';
import { registerRoutes, routes } from '../../server/routes';
import { route } from '../../server/routes/define';
import { zodValidatorCompiler } from '../../server/http/validation';
import { registerErrorHandler } from '../../server/plugins/errors';
import type { AccountChoice, AccountSummary, AppContext, CurrentUser } from '#shared/domain/types';
import { accountChoiceSchema, accountSummarySchema, appContextSchema, currentUserSchema } from '#shared/domain/schemas/context';
import type { OfflineSession, SubscriptionState } from '#shared/domain/billing';
import type { DropboxIntegration } from '#shared/domain/integrations';
import type { TemporaryPost } from '#shared/domain/files';
import { offlineSessionSchema, subscriptionStateSchema } from '#shared/domain/schemas/billing';
import { integrationsSchema } from '#shared/domain/schemas/integrations';
import { musicianProfileSchema, type MusicianProfile } from '#shared/domain/schemas/musician';
import { temporaryPostSchema } from '#shared/domain/schemas/files';
import { createTestApp, type TestApp } from './helpers';
import { resources } from '#shared/resources/index';
import { permissions } from '#shared/resources/permissions';

const key = (def: { method: string; url: string }) => `${def.method} ${def.url}`;
const declaresAnAnswer = (response: object | undefined) => Object.keys(response ?? {}).some((status) => /^[23]/.test(status));

describe('response schemas', () => {
  it('every route of the table declares its answers', () => {
    // A route added to the table declares its answers the day it is added (JSON, a file, a redirect or no body).
    expect(routes.filter((def) => !declaresAnAnswer(def.schema?.response)).map(key)).toEqual([]);
  });

  it('the shared answer schemas are the console types, to the letter', () => {
    expectTypeOf<z.output<typeof currentUserSchema>>().toEqualTypeOf<CurrentUser>();
    expectTypeOf<z.output<typeof accountSummarySchema>>().toEqualTypeOf<AccountSummary>();
    expectTypeOf<z.output<typeof appContextSchema>>().toEqualTypeOf<AppContext>();
    expectTypeOf<z.output<typeof accountChoiceSchema>>().toEqualTypeOf<AccountChoice>();
    expectTypeOf<z.output<typeof subscriptionStateSchema>>().toEqualTypeOf<SubscriptionState>();
    expectTypeOf<z.output<typeof offlineSessionSchema>>().toEqualTypeOf<OfflineSession>();
    expectTypeOf<z.output<typeof integrationsSchema>['dropbox']>().toEqualTypeOf<DropboxIntegration>();
    expectTypeOf<z.output<typeof musicianProfileSchema>>().toEqualTypeOf<MusicianProfile>();
    expectTypeOf<z.output<typeof temporaryPostSchema>>().toEqualTypeOf<TemporaryPost>();
  });

  it('sends only the keys a schema names, and the shared error shape for a refusal', async () => {
    const app = Fastify();
    // A public route's guard reads no database.
    app.decorate('deps', {} as never);
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const secret = route({
      method: 'GET',
      url: '/secret',
      access: 'public',
      summary: 'answers a key its schema does not name',
      schema: { querystring: z.object({ n: z.coerce.number().int() }).strict(), response: { 200: z.object({ name: z.string() }) } },
      async handler() {
        return { name: 'Ann', passwordHash: 'not for the wire' };
      },
    });
    registerRoutes(app, [secret], { resources, permissions });
    const answer = await app.inject({ method: 'GET', url: '/secret?n=1' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ name: 'Ann' });
    expect(answer.body).not.toContain('passwordHash');
    const refusal = await app.inject({ method: 'GET', url: '/secret?n=x' });
    expect(refusal.statusCode).toBe(400);
    expect(refusal.json()).toMatchObject({
      status: 400,
      error: 'ValidationError',
      messageKey: expect.any(String),
      errors: [expect.objectContaining({ path: 'n' })],
    });
    await app.close();
  });

  it('writes nullable fields, unions and records as zod declares them, undeclared keys left out at every level', async () => {
    const app = Fastify();
    app.decorate('deps', {} as never);
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const shape = z.object({
      name: z.string().nullable(),
      owner: z.object({ id: z.string() }).nullable(),
      role: z.enum(['owner', 'member']).nullable(),
      item: z.union([z.object({ kind: z.literal('video'), seconds: z.number() }), z.object({ kind: z.literal('image'), width: z.number().int() })]),
      counts: z.record(z.string(), z.number()),
      tags: z.array(z.string()).optional(),
    });
    const answers = [
      { name: null, owner: null, role: null, item: { kind: 'image', width: 640, secret: 1 }, counts: {}, secret: 2 },
      { name: 'Ann', owner: { id: 'u1', passwordHash: 'x' }, role: 'owner', item: { kind: 'video', seconds: 1.5 }, counts: { a: 1 }, tags: ['t'] },
    ];
    registerRoutes(
      app,
      [
        route({
          method: 'GET',
          url: '/shapes/:n',
          access: 'public',
          summary: 'one of two answers',
          schema: { params: z.object({ n: z.coerce.number().int() }), response: { 200: shape } },
          async handler(request) {
            return answers[request.params.n] as z.output<typeof shape>;
          },
        }),
      ],
      { resources, permissions },
    );
    expect((await app.inject({ method: 'GET', url: '/shapes/0' })).json()).toEqual({
      name: null,
      owner: null,
      role: null,
      item: { kind: 'image', width: 640 },
      counts: {},
    });
    expect((await app.inject({ method: 'GET', url: '/shapes/1' })).json()).toEqual({
      name: 'Ann',
      owner: { id: 'u1' },
      role: 'owner',
      item: { kind: 'video', seconds: 1.5 },
      counts: { a: 1 },
      tags: ['t'],
    });
    await app.close();
  });

  describe('the OpenAPI document', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ name: 'sqlite' }, { seed: false });
    });
    afterAll(async () => t?.close());

    it('validates against the OpenAPI specification', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      const result = await new Validator().validate(doc);
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
    });

    it('documents an answer for every operation of the route table', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
        paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
      };
      const undocumented: string[] = [];
      for (const def of routes) {
        const path = def.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
        const operation = doc.paths[path]?.[def.method.toLowerCase()];
        if (!Object.keys(operation?.responses ?? {}).some((status) => /^[23]/.test(status))) undocumented.push(key(def));
      }
      expect(undocumented).toEqual([]);
    });
  });
});
