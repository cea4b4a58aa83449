import type { FieldValues } from 'react-hook-form';

/**
 * The {field: message} map react-admin forms put under their inputs, read from an HttpError's
 * body.errors (src/apiError.ts builds it from the API's error list); undefined when the error
 * names no field. A form's onSubmit returns it and react-admin sets the field errors.
 */
export function submissionErrors(error: unknown): FieldValues | undefined {
  const errors = (error as { body?: { errors?: unknown } } | null)?.body?.errors;
  if (!errors || typeof errors !== 'object' || Object.keys(errors).length === 0) return undefined;
  return errors as FieldValues;
}
