import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { toFieldIssues } from '../../src/domain/validation';
import { validationMessages } from '../../src/i18n/validation';
import { HttpError } from '../errors';

/** English text of an app.validation.* key with its args filled in; other text unchanged. */
export function englishMessage(message: string, args: Record<string, string | number> = {}): string {
  const key = message.startsWith('app.validation.') ? message.slice('app.validation.'.length) : undefined;
  const template = key ? (validationMessages as Record<string, string>)[key] ?? message : message;
  return template.replace(/%\{(\w+)\}/g, (_, name: string) => String(args[name] ?? ''));
}

export function validationError(error: z.ZodError, context: string): HttpError {
  const issues = toFieldIssues(error).map((issue) => ({
    ...issue,
    // A body or query that is not an object at all (a list, a bare string) fails at the root.
    message: issue.path === '' && issue.message === 'app.validation.invalid' ? `The request ${context} must be a JSON object` : englishMessage(issue.message, issue.args),
  }));
  const first = issues[0];
  const where = context === 'body' ? '' : ` in ${context}`;
  const summary = first?.path ? `${first.path}: ${first.message}` : first?.message ?? 'Invalid input';
  return new HttpError(400, 'ValidationError', `Invalid input${where}: ${summary}`, issues);
}

/** Validates with the route's zod schema and keeps zod's issues for the error body. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: validationError(result.error, httpPart ?? 'body') };
  };
