import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { toFieldIssues } from '#shared/domain/validation';
import { HttpError } from '../errors';
import { englishMessage } from '../messages';

export function validationError(error: z.ZodError, context: string): HttpError {
  const issues = toFieldIssues(error).map((issue) =>
    // A body or query that is not an object at all (a list, a bare string) fails at the root.
    issue.path === '' && issue.message === 'app.validation.invalid' ? { ...issue, message: 'app.server.notAnObject', args: { part: context } } : issue,
  );
  const first = issues[0];
  const text = first && englishMessage(first.message, first.args);
  const detail = first?.path ? `${first.path}: ${text}` : text;
  const inBody = context === 'body';
  return new HttpError(400, 'ValidationError', inBody ? 'app.server.invalidInput' : 'app.server.invalidInputIn', inBody ? {} : { part: context }, {
    errors: issues,
    detail,
  });
}

/** Validates with the route's zod schema and keeps zod's issues for the error body. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: validationError(result.error, httpPart ?? 'body') };
  };
