import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { exactShapeCheck } from './exactShape';
import { NOT_PLAIN, SchemaSource, type Def } from './schemaSource';

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

/** Characters JSON.stringify writes escaped (and lone surrogates): a string without them is written as it is. */
// eslint-disable-next-line no-control-regex -- the control characters are what it looks for
const NEEDS_ESCAPE = /[\u0000-\u001f"\\\ud800-\udfff]/;
function quote(text: string): string {
  if (text.length > 40) return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 32 || code === 34 || code === 92 || (code >= 0xd800 && code <= 0xdfff)) return JSON.stringify(text);
  }
  return `"${text}"`;
}

/** The writer's code: each function appends to its string `s`, or returns undefined at the first value not of its type. */
class WriterSource extends SchemaSource {
  constructor() {
    super('f');
  }

  /** Statements appending the JSON of variable `x` to `s`. */
  protected part(schema: z.ZodType, def: Def, x: string): string | typeof NOT_PLAIN {
    switch (def.type) {
      case 'string':
        return `if (typeof ${x} !== 'string') return undefined; s += q(${x});`;
      case 'number':
        // A finite number's JSON is its string.
        return `if (typeof ${x} !== 'number' || !Number.isFinite(${x})) return undefined; s += '' + ${x};`;
      case 'boolean':
        return `if (${x} === true) s += 'true'; else if (${x} === false) s += 'false'; else return undefined;`;
      case 'enum': {
        const options = this.enumOptions(schema);
        return options === NOT_PLAIN ? NOT_PLAIN : `if (!${this.constant(new Set(options))}.has(${x})) return undefined; s += JSON.stringify(${x});`;
      }
      case 'literal': {
        const allowed = this.literals(def);
        return allowed === NOT_PLAIN ? NOT_PLAIN : `if (!${this.constant(allowed)}.includes(${x})) return undefined; s += JSON.stringify(${x});`;
      }
      case 'unknown':
      case 'any':
        // As zod passes it on; what JSON.stringify leaves out (undefined, a function) goes to zod.
        return `{ const j = JSON.stringify(${x}); if (j === undefined) return undefined; s += j; }`;
      case 'nullable': {
        const inner = this.value(def.innerType!, x);
        return inner === NOT_PLAIN ? NOT_PLAIN : `if (${x} === null) s += 'null'; else { ${inner} }`;
      }
      case 'array':
      case 'object': {
        const name = def.type === 'array' ? this.array(def) : this.object(def);
        return name === NOT_PLAIN ? NOT_PLAIN : `{ const j = ${name}(${x}); if (j === undefined) return undefined; s += j; }`;
      }
      default:
        return NOT_PLAIN;
    }
  }

  array(def: Def): string | typeof NOT_PLAIN {
    const element = this.value(def.element!, 'x');
    if (element === NOT_PLAIN) return NOT_PLAIN;
    return this.add(`if (!Array.isArray(v)) return undefined; let s = '['; for (let i = 0; i < v.length; i += 1) { if (i > 0) s += ','; const x = v[i]; ${element} } return s + ']';`);
  }

  object(def: Def): string | typeof NOT_PLAIN {
    const fields = this.fields(def);
    if (fields === NOT_PLAIN) return NOT_PLAIN;
    const writes: string[] = [];
    for (const { name, schema, optional } of fields) {
      const write = this.value(schema, 'x');
      if (write === NOT_PLAIN) return NOT_PLAIN;
      // Names and keys as JSON string literals (valid JavaScript ones): a named property read the engine can cache.
      const key = JSON.stringify(`${JSON.stringify(name)}:`);
      const statements = `s += s.length > 1 ? ',' + ${key} : ${key}; ${write}`;
      writes.push(`{ const x = v[${JSON.stringify(name)}]; ${optional ? `if (x !== undefined) { ${statements} }` : statements} }`);
    }
    return this.add(`if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined; let s = '{'; ${writes.join(' ')} return s + '}';`);
  }
}

/** The plain writer of a schema, or undefined when the schema has more than plain parts. */
export function plainJsonWriter(schema: z.ZodType): Writer | undefined {
  const source = new WriterSource();
  const root = source.value(schema, 'v');
  if (root === NOT_PLAIN) return undefined;
  const body = `${source.functions.join('\n')}\nreturn function write(v) { let s = ''; ${root} return s; };`;
  return new Function('q', 'k', body)(quote, source.constants) as Writer;
}

/**
 * The serializer compiler of every route, where the schema is plain: JSON.stringify of a value
 * already of the schema's exact shape (exactShape.ts), else the plain writer, which drops what the
 * schema does not name; zod's for every other schema and for any value both refuse.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = (route) => {
  const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const schema = route.schema as unknown;
  const isZod = typeof schema === 'object' && schema !== null && '_zod' in schema;
  const writer = isZod ? plainJsonWriter(schema as z.ZodType) : undefined;
  const isExactShape = isZod ? exactShapeCheck(schema as z.ZodType) : undefined;
  if (!writer || !isExactShape) return viaZod;
  // Fastify's type says string; it sends a Buffer as it is (reply.js onSendEnd).
  return (data: unknown) => (isExactShape(data) ? (exactShapeJson(data) as unknown as string) : (writer(data) ?? viaZod(data)));
};

/**
 * The JSON of a value of its schema's exact shape, as the bytes Fastify sends. A string answer
 * (what JSON.stringify makes, in pieces) was flattened to count its bytes, then copied once more
 * in front of the headers on its way to the socket: 40 KB of an uploads page's 295.
 */
const exactShapeJson = (data: unknown): Buffer => Buffer.from(JSON.stringify(data));
