import type { z } from 'zod';
import { NOT_PLAIN, SchemaSource, type Def } from './schemaSource';

/**
 * Whether a value already is, to the letter, what zod's encode of a plain schema gives: plain
 * objects (prototype Object or null, no toJSON) whose enumerable keys are the schema's, in its
 * order, optional ones left out or undefined; plain arrays; strings; finite numbers; booleans;
 * enum members; literals; and, where the schema says unknown, anything JSON.stringify writes the same
 * in place as on its own (no toJSON of its own). Such a value's
 * JSON.stringify is the answer zod and the plain writer would give, written by the engine in one
 * pass into one string: the writer's pieces (a quoted copy of every string, a concatenation per
 * value) were a third of a list call's allocation, and a list call's garbage is what sets how
 * often a collection pauses it.
 *
 * The check is built once per schema as code and allocates nothing; a value it refuses goes to
 * the plain writer, and from there to zod (responseSerializer.ts).
 */
type Check = (value: unknown) => boolean;

class CheckSource extends SchemaSource {
  constructor() {
    super('c');
  }

  /** An expression true when `x` is exactly of the schema's shape. */
  protected part(schema: z.ZodType, def: Def, x: string): string | typeof NOT_PLAIN {
    switch (def.type) {
      case 'string':
        return `typeof ${x} === 'string'`;
      case 'number':
        return `(typeof ${x} === 'number' && Number.isFinite(${x}))`;
      case 'boolean':
        return `(${x} === true || ${x} === false)`;
      case 'enum': {
        const options = this.enumOptions(schema);
        return options === NOT_PLAIN ? NOT_PLAIN : `${this.constant(new Set(options))}.has(${x})`;
      }
      case 'literal': {
        const allowed = this.literals(def);
        return allowed === NOT_PLAIN ? NOT_PLAIN : `${this.constant(allowed)}.includes(${x})`;
      }
      case 'unknown':
      case 'any':
        // Written in place as on its own, but for a toJSON of its own (it would be given its key, not '').
        return `(${x} !== undefined && typeof ${x} !== 'function' && typeof ${x} !== 'symbol' && typeof ${x} !== 'bigint' && (typeof ${x} !== 'object' || ${x} === null || !('toJSON' in ${x})))`;
      case 'nullable': {
        const inner = this.value(def.innerType!, x);
        return inner === NOT_PLAIN ? NOT_PLAIN : `(${x} === null || ${inner})`;
      }
      case 'array':
      case 'object': {
        const name = def.type === 'array' ? this.array(def) : this.object(def);
        return name === NOT_PLAIN ? NOT_PLAIN : `${name}(${x})`;
      }
      default:
        return NOT_PLAIN;
    }
  }

  array(def: Def): string | typeof NOT_PLAIN {
    const element = this.value(def.element!, 'x');
    if (element === NOT_PLAIN) return NOT_PLAIN;
    return this.add(`if (!Array.isArray(v) || Object.getPrototypeOf(v) !== Array.prototype) return false; for (let i = 0; i < v.length; i += 1) { const x = v[i]; if (!(${element})) return false; } return true;`);
  }

  object(def: Def): string | typeof NOT_PLAIN {
    const fields = this.fields(def);
    if (fields === NOT_PLAIN) return NOT_PLAIN;
    const checks: string[] = [];
    for (const { name, schema, optional } of fields) {
      const check = this.value(schema, 'x');
      if (check === NOT_PLAIN) return NOT_PLAIN;
      // Names as JSON string literals (valid JavaScript ones): a named property read the engine can cache.
      checks.push(`{ const x = v[${JSON.stringify(name)}]; if (${optional ? `x !== undefined && ` : ''}!(${check})) return false; }`);
    }
    const [keys, optionals, count] = [this.constant(fields.map((field) => field.name)), this.constant(fields.map((field) => field.optional)), fields.length];
    // The enumerable keys, walked in order against the schema's; a skipped optional key must read undefined (it could be there, not enumerable).
    const walk = `let j = 0; for (const key in v) { while (j < ${count} && ${keys}[j] !== key) { if (!${optionals}[j] || v[${keys}[j]] !== undefined) return false; j += 1; } if (j === ${count}) return false; j += 1; } for (; j < ${count}; j += 1) { if (!${optionals}[j] || v[${keys}[j]] !== undefined) return false; }`;
    return this.add(
      `if (typeof v !== 'object' || v === null) return false; const p = Object.getPrototypeOf(v); if ((p !== Object.prototype && p !== null) || 'toJSON' in v) return false; ${walk} ${checks.join(' ')} return true;`,
    );
  }
}

/** The exact-shape check of a schema, or undefined when the schema has more than plain parts. */
export function exactShapeCheck(schema: z.ZodType): Check | undefined {
  const source = new CheckSource();
  const root = source.value(schema, 'v');
  if (root === NOT_PLAIN) return undefined;
  return new Function('k', `${source.functions.join('\n')}\nreturn function isExactShape(v) { return ${root}; };`)(source.constants) as Check;
}
