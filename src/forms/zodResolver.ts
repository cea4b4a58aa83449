import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { toFieldIssues } from '../domain/validation';

/**
 * A react-hook-form resolver running one of the shared zod schemas of src/domain, so a form
 * shows exactly the rules the server enforces. Messages are i18n keys; they are translated
 * here with their args (a max length, say), so every input shows plain text.
 */
export function useZodResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  const translate = useTranslate();
  return useMemo<Resolver<T>>(
    () => async (values) => {
      const result = schema.safeParse(values);
      if (result.success) return { values: result.data as T, errors: {} };
      const errors: Record<string, { type: string; message: string }> = {};
      for (const issue of toFieldIssues(result.error)) {
        const path = issue.path || 'root';
        if (!errors[path]) errors[path] = { type: 'validation', message: translate(issue.message, { _: issue.message, ...issue.args }) };
      }
      return { values: {}, errors: errors as unknown as FieldErrors<T> };
    },
    [schema, translate],
  );
}
