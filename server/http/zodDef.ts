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
