import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { plainJsonWriter, responseSerializerCompiler } from '../../server/http/responseSerializer';
import { exactShapeCheck } from '../../server/http/exactShape';
import { routes } from '../../server/routes';
import { fanDataListSchema } from '../../src/domain/schemas/fanData';
import { uploadCardSchema, uploadListSchema } from '../../src/domain/schemas/uploads';
import { fanDataRowSchema } from '../../src/domain/schemas/fanData';
import { fanDataRow } from '../../server/services/fanData';
import { uploadCard } from '../../server/services/uploadCards';
import type { SubmissionListRow } from '../../server/db/repositories/submissions';
import type { UploadListRow } from '../../server/db/repositories/uploads';

type Serialize = (data: unknown) => string;
/** The route's serializer, its answer as text (an answer of the schema's exact shape comes as a Buffer). */
const serializerOf = (schema: z.ZodType): Serialize => {
  const serialize = responseSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string | Buffer;
  return (data) => serialize(data).toString();
};
/** What fastify-type-provider-zod answers: zod's encode, then JSON.stringify; a value zod refuses throws. */
const viaZod = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data as never));

type Def = { type: string; innerType?: z.ZodType; element?: z.ZodType; shape?: Record<string, z.ZodType>; values?: unknown[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Values of a schema's shape, with (wrongToo) now and then a value of the wrong type (or NaN, or a key left
 * out), so both the writer's answers and its refusals are compared with zod's. Objects have keys the schema
 * does not name first, unless `exact`.
 */
function valuesOf(schema: z.ZodType, { wrongToo = true, exact = false } = {}): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const wrong = fc.oneof(fc.constant(undefined), fc.constant(NaN), fc.constant(Infinity), fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.object());
  const right = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'string':
        return fc.string({ unit: 'binary' });
      case 'number':
        return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }));
      case 'boolean':
        return fc.boolean();
      case 'enum':
        return fc.constantFrom(...(schema as unknown as { options: unknown[] }).options);
      case 'literal':
        return fc.constantFrom(...def.values!);
      case 'nullable':
        return fc.option(valuesOf(def.innerType!, { wrongToo, exact }), { nil: null });
      case 'optional':
        return fc.option(valuesOf(def.innerType!, { wrongToo, exact }), { nil: undefined });
      case 'array':
        return fc.array(valuesOf(def.element!, { wrongToo, exact }), { maxLength: 4 });
      case 'object':
        return fc
          .tuple(fc.record(Object.fromEntries(Object.entries(def.shape!).map(([key, field]) => [key, valuesOf(field, { wrongToo, exact })]))), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: exact ? 0 : 2 }))
          .map(([record, extra]) => ({ ...extra, ...record }));
      case 'unknown':
        return fc.jsonValue();
      default:
        return fc.anything();
    }
  })();
  if (!wrongToo) return right;
  return fc.oneof({ arbitrary: right, weight: 30 }, { arbitrary: wrong, weight: 1 });
}

function expectSameAsZod(schema: z.ZodType, data: unknown): void {
  const serialize = serializerOf(schema);
  let expected: string | Error;
  try {
    expected = viaZod(schema, data);
  } catch (error) {
    expected = error as Error;
  }
  if (expected instanceof Error) expect(() => serialize(data)).toThrow();
  else expect(serialize(data)).toBe(expected);
}

describe('the response serializer', () => {
  it.each([
    ['Fan Data list', fanDataListSchema],
    ['uploads list', uploadListSchema],
  ])('writes the %s exactly as zod would, and refuses what zod refuses', (_name, schema) => {
    fc.assert(fc.property(valuesOf(schema), (data) => expectSameAsZod(schema, data)), { numRuns: 300 });
  });

  it.each([
    ['Fan Data list', fanDataListSchema],
    ['uploads list', uploadListSchema],
  ])('writes the %s without zod when its values are of its shape', (_name, schema) => {
    const writer = plainJsonWriter(schema);
    expect(writer).toBeDefined();
    const wellTyped = valuesOf(schema, { wrongToo: false });
    fc.assert(
      fc.property(wellTyped, (data) => {
        expect(writer!(data)).toBe(viaZod(schema, data));
      }),
      { numRuns: 200 },
    );
  });

  it('answers every route schema as zod would, for values of its shape', () => {
    const schemas = routes.flatMap((route) => Object.values((route.schema as { response?: Record<string, z.ZodType> } | undefined)?.response ?? {}));
    expect(schemas.length).toBeGreaterThan(20);
    for (const schema of schemas) fc.assert(fc.property(valuesOf(schema), (data) => expectSameAsZod(schema, data)), { numRuns: 20 });
  });

  it.each([
    ['Fan Data list', fanDataListSchema],
    ['uploads list', uploadListSchema],
  ])('takes a %s already of its exact shape as it is: its JSON.stringify is what zod answers', (_name, schema) => {
    const isExactShape = exactShapeCheck(schema);
    expect(isExactShape).toBeDefined();
    fc.assert(
      fc.property(valuesOf(schema, { wrongToo: false, exact: true }), (data) => {
        expect(isExactShape!(data)).toBe(true);
        expect(JSON.stringify(data)).toBe(viaZod(schema, data));
      }),
      { numRuns: 200 },
    );
  });

  it('takes the Fan Data rows and upload cards the services build as they are (their keys in the schema order)', () => {
    const at = '2024-05-01T20:00:00.000Z';
    const submission = {
      ...{ id: 's1', accountId: 'a1', pageId: 'p1', uploadId: 'u1', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', dob: null, country: 'US', city: 'Austin', state: 'TX' },
      ...{ zip: null, phone: null, instagram: '@ann', tiktok: null, venueCity: 'Austin', song: 'Song', artist: 'Band', marketingConsent: 1, termsAccepted: '[]', createdAt: at, views: 3, likes: null },
    } as SubmissionListRow;
    const upload = {
      ...{ id: 'u1', accountId: 'a1', pageId: 'p1', type: 'video', status: 'processed', encodingStatus: 'processed', encodingError: null, original: 'o.mp4', mp4: 'v.mp4', webm: null },
      ...{ thumbnail: 't.jpg', image: null, customThumbnail: null, duration: 3.5, createdAt: at, approvedAt: null, isHidden: 0, isAllowed: 1, moderationStatus: 'processed' },
      ...{ moderationLabels: '[{"name":"Smoking","confidence":61.2}]', viewCount: 4, likeCount: 2, shareToken: 'tok', tags: '["encore"]', pageName: 'Tour', pageRequiresApproval: 1 },
      ...{ likingStatus: 'enabled', accountName: 'The Band', fanEmail: 'ann@example.com', fanInstagram: null, fanTiktok: null },
    } as unknown as UploadListRow;
    expect(exactShapeCheck(fanDataRowSchema)!(fanDataRow(submission))).toBe(true);
    expect(exactShapeCheck(uploadCardSchema)!(uploadCard(upload, 'https://fans.example', (key) => `https://files.example/${key}`))).toBe(true);
  });

  it('does not take as exact what JSON.stringify would write otherwise than zod', () => {
    const schema = z.object({ id: z.string(), note: z.string().optional(), tags: z.array(z.string()), extra: z.unknown() });
    const isExactShape = exactShapeCheck(schema)!;
    const hidden = { id: 'x', tags: [], extra: 1 };
    Object.defineProperty(hidden, 'note', { value: 'not enumerable', enumerable: false });
    class Row {
      id = 'x';
      tags = [];
      extra = 1;
    }
    const refused: [string, unknown][] = [
      ['keys out of order', { tags: [], id: 'x', extra: 1 }],
      ['a key the schema does not name', { id: 'x', tags: [], extra: 1, secret: 's' }],
      ['a required key missing', { id: 'x', extra: 1 }],
      ['an optional key zod reads but JSON.stringify does not', hidden],
      ['an object of a class', new Row()],
      ['an object with toJSON', { id: 'x', tags: [], extra: 1, toJSON: () => ({}) }],
      ['an unknown value with a toJSON of its own', { id: 'x', tags: [], extra: new Date(0) }],
      ['an unknown value JSON.stringify leaves out', { id: 'x', tags: [], extra: () => 1 }],
      ['an array with a hole', { id: 'x', tags: Array(1), extra: 1 }],
      ['a wrong type inside an array', { id: 'x', tags: [{}], extra: 1 }],
  
    ];
    for (const [reason, value] of refused) expect(isExactShape(value), reason).toBe(false);
    for (const [, value] of refused) expectSameAsZod(schema, value);
    expect(isExactShape({ id: 'x', note: undefined, tags: ['a'], extra: null })).toBe(true);
    expect(isExactShape({ id: 'x', tags: [], extra: { labels: [{ name: 'a', confidence: 0.5, at: new Date(0) }] } })).toBe(true);
    expect(isExactShape(Object.assign(Object.create(null), { id: 'x', tags: [], extra: 'y' }))).toBe(true);
  });

  it('escapes strings as JSON.stringify does, short and long', () => {
    const schema = z.object({ text: z.string() });
    const texts = ['plain', 'a "quote"', 'back\\slash', 'tab\tnew\nline\u0000', 'lone \ud800 surrogate', 'pair \ud83d\ude00', '\u2028\u2029', 'é'.repeat(50), `${'x'.repeat(60)}"`];
    for (const text of texts) expect(plainJsonWriter(schema)!({ text })).toBe(JSON.stringify({ text }));
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('"', '\\', '\u0001', '\ud800', '\udfff'), fc.string({ unit: 'binary', maxLength: 1 })), maxLength: 80 }), (text) => {
        expect(plainJsonWriter(schema)!({ text })).toBe(JSON.stringify({ text }));
      }),
    );
  });

  it('leaves out keys the schema does not name, and optional keys that are undefined', () => {
    const schema = z.object({ id: z.string(), note: z.string().nullable().optional(), kind: z.enum(['a', 'b']) });
    expect(serializerOf(schema)({ kind: 'a', passwordHash: 'secret', id: 'x', note: undefined })).toBe('{"id":"x","kind":"a"}');
  });

  it('refuses a value of the wrong type as zod does (no answer half written)', () => {
    const schema = z.object({ data: z.array(z.object({ views: z.number() })) });
    expect(() => serializerOf(schema)({ data: [{ views: 1 }, { views: NaN }] })).toThrow();
    expect(() => serializerOf(schema)({ data: [{ views: 1 }, { views: '2' }] })).toThrow();
  });

  it('gives schemas with checks to zod', () => {
    const schema = z.object({ when: z.string().min(3), count: z.number().int() });
    expect(plainJsonWriter(schema)).toBeUndefined();
    expect(serializerOf(schema)({ when: 'today', count: 2 })).toBe('{"when":"today","count":2}');
    expect(() => serializerOf(schema)({ when: 'today', count: 2.5 })).toThrow();
    expect(() => serializerOf(schema)({ when: 'no', count: 2 })).toThrow();
  });
});
