import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, type ApiErrorBody } from '../errors';

function toBody(status: number, error: string, message: string, errors: HttpError['errors'] = [], reason?: string): ApiErrorBody {
  const body: ApiErrorBody = { status, error, message, errors: errors.map(({ path, message: m }) => ({ path, message: m })) };
  if (reason) body.reason = reason;
  return body;
}

/** Fastify's own client errors (bad JSON, oversize body, wrong content type) as our shape. */
function frameworkError(err: FastifyError): ApiErrorBody | undefined {
  const status = err.statusCode ?? 500;
  if (status >= 500) return undefined;
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return toBody(400, 'ValidationError', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // Bad input like any other (the issue asks for 400), with the limit in the message.
      return toBody(400, 'ValidationError', 'The request body is too large (at most 1 MiB)');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return toBody(415, 'ValidationError', 'Unsupported content type; send application/json');
    default:
      return toBody(status, status === 404 ? 'NotFoundError' : 'BadRequestError', err.message);
  }
}

/** One error handler: our errors as they are, framework 4xx mapped, 5xx logged and hidden. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.status).send(toBody(err.status, err.error, err.message, err.errors, err.reason));
    }
    const mapped = frameworkError(err);
    if (mapped) return reply.status(mapped.status).send(mapped);
    request.log.error({ err, url: request.url, method: request.method }, 'request failed');
    return reply.status(500).send(toBody(500, 'InternalServerError', 'An error occurred'));
  });
}
