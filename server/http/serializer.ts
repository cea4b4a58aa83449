import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * Fastify's own compiled serializer (fast-json-stringify, the one it uses for JSON Schema routes)
 * for our zod answer schemas: each 2xx and refusal schema is turned into JSON Schema once, at
 * start-up, by zod itself (the same conversion that writes /api/docs), and the compiled function
 * writes exactly the keys the schema names (undeclared keys are dropped, a missing required one is
 * an error).
 */
export function serializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  const zodSchema = (
    (schema as { properties?: unknown }).properties instanceof z.ZodType ? (schema as { properties: z.ZodType }).properties : schema
  ) as z.ZodType;
  let serialize = compiled.get(zodSchema);
  if (!serialize) {
    serialize = fastJson(forWriting(z.toJSONSchema(zodSchema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' }) as JsonSchema) as never);
    compiled.set(zodSchema, serialize);
  }
  return serialize;
}

/**
 * One compiled writer per schema: the shared error schema is every route's, and an app built
 * again in the same process (tests) reuses its writers (compiling one costs about a millisecond).
 */
const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

/**
 * zod's JSON Schema of an answer, made for writing values: without `additionalProperties: false`
 * (fast-json-stringify leaves undeclared keys out anyway, and picks a union's branch by validating
 * the value, which an undeclared key would fail), and with a nullable field of one type written
 * `type: ['string', 'null']` rather than zod's `anyOf: [x, {type: 'null'}]`, which
 * fast-json-stringify writes directly rather than by validating each value against the branches.
 */
function forWriting(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forWriting);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, forWriting(value)]),
  );
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && Object.keys(out).length === 1) {
    const other = anyOf.find((branch) => branch.type !== 'null');
    const isNull = anyOf.some((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    if (isNull && other && typeof other.type === 'string' && !('anyOf' in other) && !('oneOf' in other)) return { ...other, type: [other.type, 'null'] };
  }
  return out;
}
