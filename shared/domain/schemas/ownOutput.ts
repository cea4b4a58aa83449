import { z } from 'zod';

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A PUT body that takes back what its GET answered (one API contract): the GET's
 * read-only fields are accepted and ignored, and a `null` the GET gave stands for the field's
 * empty value ('' for text, left out where the field is optional), in nested objects too.
 * Fields the resource does not have are still refused, and a wrong type is still an error.
 */
export function takingBackOutput<T extends z.ZodType>(schema: T, readOnly: readonly string[]) {
  const fields = fieldsOf(schema)!;
  return z.preprocess((body) => {
    if (!isPlainObject(body)) return body;
    const writable = Object.fromEntries(Object.entries(body).filter(([key]) => key in fields || !readOnly.includes(key)));
    return withEmptyForNull(writable, fields);
  }, schema);
}

function withEmptyForNull(body: Record<string, unknown>, fields: Record<string, z.ZodType>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const field = fields[key];
    const nested = field && isPlainObject(value) ? fieldsOf(field) : undefined;
    if (nested) kept[key] = withEmptyForNull(value as Record<string, unknown>, nested);
    else if (value !== null || !field || field.safeParse(null).success) kept[key] = value;
    else if (field.safeParse('').success) kept[key] = '';
    else if (!field.safeParse(undefined).success) kept[key] = value;
    // else: an optional field given as null is left out.
  }
  return kept;
}

/** The fields of an object schema, also behind refinements, transforms and optionality. */
function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return fieldsOf(schema.unwrap() as z.ZodType);
  return undefined;
}
