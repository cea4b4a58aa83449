import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { toFieldIssues } from '#shared/domain/validation';

type Translate = ReturnType<typeof useTranslate>;
type Args = Map<string, Record<string, string | number>>;

/** Walks react-hook-form's nested errors and turns each message (an i18n key) into text, with its issue's args. */
function translateErrors(errors: FieldErrors, translate: Translate, args: Args, prefix = ''): FieldErrors {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const { message, ref, ...rest } = value as { message?: unknown; ref?: unknown } & Record<string, unknown>;
    out[key] = {
      ...translateErrors(rest as FieldErrors, translate, args, path),
      ...('type' in rest ? { type: rest.type } : {}),
      ...(typeof message === 'string' ? { message: translate(message, { _: message, ...args.get(path) }) } : {}),
      ...(ref ? { ref } : {}),
    };
  }
  return out as FieldErrors;
}

/**
 * @hookform/resolvers' zod resolver over one of the shared schemas of shared/domain, so a form
 * checks exactly the rules the server enforces. The schemas' messages are i18n keys; they are
 * translated here with their args (a maximum length, say), so react-admin inputs and plain MUI
 * fields alike show text.
 */
export function useZodResolver<T extends FieldValues = FieldValues>(schema: z.ZodType): Resolver<T> {
  const translate = useTranslate();
  return useMemo<Resolver<T>>(() => {
    const resolve = zodResolver(schema as never) as unknown as Resolver<T>;
    return async (values, context, options) => {
      const result = await resolve(values, context, options);
      if (Object.keys(result.errors).length === 0) return result;
      // The resolver keeps each issue's message but not its args: read them from the issues.
      const parsed = await schema.safeParseAsync(values);
      const args: Args = new Map(parsed.success ? [] : toFieldIssues(parsed.error).map((issue) => [issue.path || 'root', issue.args]));
      return { values: {}, errors: translateErrors(result.errors, translate, args) as FieldErrors<T> };
    };
  }, [schema, translate]);
}
