import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Answers' JSON. A response schema made of plain parts (objects that drop unknown keys, arrays,
 * strings, finite numbers, booleans, enums, literals, unknown, nullable and optional) is written straight
 * to JSON by a writer built once from the schema: only the schema's keys, in its order, each value
 * checked for its type. That is what zod's encode and JSON.stringify give, without the copy of every
 * object zod makes first (a third of what a list call allocated). Any value the writer does not
 * accept, and every schema with anything more (checks, formats, transforms, defaults, unions), goes
 * through fastify-type-provider-zod, so its answer or its error is the one zod gives.
 */

/** Writes a value as JSON, or answers `undefined` when the value is not of the schema's plain shape. */
type Writer = (value: unknown) => string | undefined;

const NOT_PLAIN = Symbol('not plain');

interface Def {
  type: string;
  checks?: unknown[];
  format?: string;
  coerce?: boolean;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function plainWriter(schema: z.ZodType): Writer | typeof NOT_PLAIN {
  const def = defOf(schema);
  if (def.checks?.length || def.format || def.coerce) return NOT_PLAIN;
  switch (def.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? JSON.stringify(value) : undefined);
    case 'number':
      return (value) => (typeof value === 'number' && Number.isFinite(value) ? JSON.stringify(value) : undefined);
    case 'boolean':
      return (value) => (value === true ? 'true' : value === false ? 'false' : undefined);
    case 'enum': {
      const options = (schema as { options?: unknown[] }).options;
      if (!Array.isArray(options)) return NOT_PLAIN;
      const allowed = new Set(options);
      return (value) => (allowed.has(value) ? JSON.stringify(value) : undefined);
    }
    case 'literal': {
      const allowed = def.values ?? [];
      if (!allowed.every((literal) => typeof literal === 'string' || typeof literal === 'boolean' || (typeof literal === 'number' && Number.isFinite(literal)) || literal === null)) return NOT_PLAIN;
      return (value) => (allowed.includes(value) ? JSON.stringify(value) : undefined);
    }
    case 'unknown':
    case 'any':
      // As zod passes it on; what JSON.stringify leaves out (undefined, a function) goes to zod.
      return (value) => JSON.stringify(value);
    case 'nullable': {
      const inner = plainWriter(def.innerType!);
      if (inner === NOT_PLAIN) return NOT_PLAIN;
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'array': {
      const element = plainWriter(def.element!);
      if (element === NOT_PLAIN) return NOT_PLAIN;
      return (value) => {
        if (!Array.isArray(value)) return undefined;
        let json = '[';
        for (let index = 0; index < value.length; index += 1) {
          const item = element(value[index]);
          if (item === undefined) return undefined;
          json += index === 0 ? item : `,${item}`;
        }
        return `${json}]`;
      };
    }
    case 'object':
      return objectWriter(def);
    default:
      return NOT_PLAIN;
  }
}

function objectWriter(def: Def): Writer | typeof NOT_PLAIN {
  if (def.catchall) return NOT_PLAIN;
  const fields: { name: string; key: string; optional: boolean; write: Writer }[] = [];
  for (const [name, field] of Object.entries(def.shape ?? {})) {
    const fieldDef = defOf(field);
    const optional = fieldDef.type === 'optional';
    if (optional && (fieldDef.checks?.length ?? 0) > 0) return NOT_PLAIN;
    const write = plainWriter(optional ? fieldDef.innerType! : field);
    if (write === NOT_PLAIN) return NOT_PLAIN;
    fields.push({ name, key: `${JSON.stringify(name)}:`, optional, write });
  }
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    let json = '';
    for (const { name, key, optional, write } of fields) {
      const field = record[name];
      if (field === undefined && optional) continue;
      const written = write(field);
      if (written === undefined) return undefined;
      json += json ? `,${key}${written}` : key + written;
    }
    return `{${json}}`;
  };
}

/** The plain writer of a schema, or undefined when the schema has more than plain parts. */
export function plainJsonWriter(schema: z.ZodType): Writer | undefined {
  const writer = plainWriter(schema);
  return writer === NOT_PLAIN ? undefined : writer;
}

/** The serializer compiler of every route: the plain writer where the schema allows it, zod's otherwise and for any value it refuses. */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const schema = route.schema as unknown;
  const isZod = typeof schema === 'object' && schema !== null && '_zod' in schema;
  const writer = isZod ? plainJsonWriter(schema as z.ZodType) : undefined;
  if (!writer) return viaZod;
  return (data: unknown) => writer(data) ?? viaZod(data);
};
