import { z } from 'zod';
import { LIMITS } from '../domain/constants';

/**
 * What kind of value a declared field holds, read from its zod schema: the server stores it
 * (booleans as 0/1), the console picks an input for it, and tests make a valid sample of it.
 */
type FieldKind =
  | { kind: 'text'; required: boolean; max?: number; multiline: boolean }
  | { kind: 'number'; required: boolean; min?: number; max?: number; integer: boolean }
  | { kind: 'boolean'; required: boolean }
  | { kind: 'datetime'; required: boolean }
  | { kind: 'choice'; required: boolean; choices: string[] }
  /** A list of texts (a page's custom terms), stored as JSON text in one column. */
  | { kind: 'list'; required: boolean; max?: number };

/** The schema under optional, nullable, default and preprocess wrappers, and whether a value may be left out. */
function core(schema: z.ZodType): { inner: z.ZodType; required: boolean } {
  let inner = schema;
  let required = true;
  for (;;) {
    if (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) {
      required = false;
      inner = inner.unwrap() as z.ZodType;
    } else if (inner instanceof z.ZodDefault) {
      required = false;
      inner = inner.def.innerType as z.ZodType;
    } else if (inner instanceof z.ZodPipe) {
      inner = (inner.out instanceof z.ZodTransform ? inner.in : inner.out) as z.ZodType;
    } else return { inner, required };
  }
}

export function fieldKind(schema: z.ZodType): FieldKind {
  const { inner, required } = core(schema);
  if (inner instanceof z.ZodNumber) {
    return { kind: 'number', required, min: finite(inner.minValue), max: finite(inner.maxValue), integer: inner.isInt ?? false };
  }
  if (inner instanceof z.ZodBoolean) return { kind: 'boolean', required };
  // z.iso.datetime(): an ISO time as toISOString() writes it (stored as text like every time).
  if (inner instanceof z.ZodISODateTime) return { kind: 'datetime', required };
  if (inner instanceof z.ZodEnum) return { kind: 'choice', required, choices: inner.options.map(String) };
  if (inner instanceof z.ZodArray) {
    if (fieldKind(inner.element as z.ZodType).kind !== 'text') throw new Error('A declared list holds texts');
    return {
      kind: 'list',
      required,
      max: inner.def.checks?.map((check) => (check as unknown as { _zod: { def: { maximum?: number } } })._zod.def.maximum).find((n) => n !== undefined),
    };
  }
  // A text or nothing ('' or an address): text that may be left empty.
  if (inner instanceof z.ZodUnion) {
    const options = (inner.options as z.ZodType[]).filter((option) => !(option instanceof z.ZodLiteral && option.value === ''));
    const only = options.length === 1 ? fieldKind(options[0]) : undefined;
    if (only?.kind === 'text') return { ...only, required: false };
  }
  if (inner instanceof z.ZodString) {
    const max = inner.maxLength ?? undefined;
    const min = inner.minLength ?? 0;
    return { kind: 'text', required: required && min > 0, max, multiline: (max ?? Infinity) > LIMITS.shortText };
  }
  throw new Error(`A declared field must be text, a number, a boolean, a time, a choice or a list of texts (got ${inner.constructor.name})`);
}

// zod's .int() bounds a number by the safe integers: no limit a person set, so none.
const finite = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) || Math.abs(value) >= Number.MAX_SAFE_INTEGER ? undefined : value;

/** A value the field accepts (the role and bad-input walks create rows with them). */
export function sampleValue(schema: z.ZodType, seed = 'Sample'): unknown {
  const field = fieldKind(schema);
  if (field.kind === 'number') return field.min ?? 1;
  if (field.kind === 'boolean') return false;
  if (field.kind === 'choice') return field.choices[0];
  if (field.kind === 'list') return [];
  // Far ahead, so a row that is gone past its time (liveUntil) is still there.
  if (field.kind === 'datetime') return '2100-01-01T00:00:00.000Z';
  return seed.slice(0, field.max ?? seed.length);
}

/** A record's fields with sample values, every field given. */
export function sampleRecord(fields: z.ZodRawShape, seed = 'Sample'): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, sampleValue(schema as z.ZodType, seed)]));
}
