import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type Translate = ReturnType<typeof useTranslate>;

/** Walks react-hook-form's nested errors and turns each message (an i18n key) into text. */
function translateErrors(errors: FieldErrors, translate: Translate): FieldErrors {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const { message, ref, ...rest } = value as { message?: unknown; ref?: unknown } & Record<string, unknown>;
    const nested = translateErrors(rest as FieldErrors, translate);
    out[key] = {
      ...nested,
      ...('type' in rest ? { type: rest.type } : {}),
      ...(typeof message === 'string' ? { message: translate(message, { _: message }) } : {}),
      ...(ref ? { ref } : {}),
    };
  }
  return out as FieldErrors;
}

/**
 * @hookform/resolvers' zod resolver over one of the shared schemas of src/domain, so a form
 * checks exactly the rules the server enforces. The schemas' messages are i18n keys; they are
 * translated here once, so react-admin inputs and plain MUI fields alike show text.
 */
export function useZodResolver<T extends FieldValues = FieldValues>(schema: z.ZodType): Resolver<T> {
  const translate = useTranslate();
  return useMemo<Resolver<T>>(() => {
    const resolve = zodResolver(schema as never) as unknown as Resolver<T>;
    return async (values, context, options) => {
      const result = await resolve(values, context, options);
      if (Object.keys(result.errors).length === 0) return result;
      return { values: {}, errors: translateErrors(result.errors, translate) as FieldErrors<T> };
    };
  }, [schema, translate]);
}
