import type { z } from 'zod';

/** The parts of a zod schema's definition the answer writers read (zod's `_zod.def`). */
export interface Def {
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

export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** What a source answers for a part of a schema it does not generate code for. */
export const NOT_PLAIN = Symbol('not plain');

/** An object schema's field, its optional wrapper taken off. */
export interface Field {
  name: string;
  schema: z.ZodType;
  optional: boolean;
}

/**
 * Code generated from a plain zod schema (the answer writer, the exact-shape check): one function
 * per object and array of the schema, named `${prefix}${n}`. Property names enter the code only as
 * JSON string literals; other values (enum members, key lists) are passed in as constants `k[i]`.
 * A part with checks, a format or coercion is not plain.
 */
export abstract class SchemaSource {
  readonly functions: string[] = [];
  readonly constants: unknown[] = [];

  constructor(private readonly prefix: string) {}

  constant(value: unknown): string {
    this.constants.push(value);
    return `k[${this.constants.length - 1}]`;
  }

  /** The code for variable `x` of this schema, or NOT_PLAIN. */
  value(schema: z.ZodType, x: string): string | typeof NOT_PLAIN {
    const def = defOf(schema);
    if (def.checks?.length || def.format || def.coerce) return NOT_PLAIN;
    return this.part(schema, def, x);
  }

  protected abstract part(schema: z.ZodType, def: Def, x: string): string | typeof NOT_PLAIN;

  /** An object schema's fields in its key order, or NOT_PLAIN (a catchall, an optional with checks). */
  protected fields(def: Def): Field[] | typeof NOT_PLAIN {
    if (def.catchall) return NOT_PLAIN;
    const fields: Field[] = [];
    for (const [name, field] of Object.entries(def.shape ?? {})) {
      const fieldDef = defOf(field);
      const optional = fieldDef.type === 'optional';
      if (optional && (fieldDef.checks?.length ?? 0) > 0) return NOT_PLAIN;
      fields.push({ name, schema: optional ? fieldDef.innerType! : field, optional });
    }
    return fields;
  }

  /** An enum's members, or NOT_PLAIN unless each is a string or a finite number. */
  protected enumOptions(schema: z.ZodType): unknown[] | typeof NOT_PLAIN {
    const options = (schema as { options?: unknown[] }).options;
    return Array.isArray(options) && options.every((option) => typeof option === 'string' || (typeof option === 'number' && Number.isFinite(option))) ? options : NOT_PLAIN;
  }

  /** A literal's values, or NOT_PLAIN unless each is a string, a boolean, a finite number or null. */
  protected literals(def: Def): unknown[] | typeof NOT_PLAIN {
    const allowed = def.values ?? [];
    return allowed.every((literal) => typeof literal === 'string' || typeof literal === 'boolean' || (typeof literal === 'number' && Number.isFinite(literal)) || literal === null) ? allowed : NOT_PLAIN;
  }

  /** Adds a function of `v` with this body; answers its name. */
  protected add(body: string): string {
    const name = `${this.prefix}${this.functions.length}`;
    this.functions.push(`function ${name}(v) { ${body} }`);
    return name;
  }
}
