import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, type ApiErrorBody } from '../errors';
import { englishMessage, isMessageKey, type MessageArgs, type MessageKey } from '../messages';

/** The JSON of an error: English text for API readers, with the key and args the console renders. */
export function errorBody(error: HttpError): ApiErrorBody {
  const body: ApiErrorBody = {
    status: error.status,
    error: error.error,
    message: error.message,
    messageKey: error.key,
    messageArgs: error.args,
    errors: error.errors.map(({ path, message, args }) =>
      isMessageKey(message) ? { path, message: englishMessage(message, args), messageKey: message, messageArgs: args } : { path, message },
    ),
  };
  if (error.reason) body.reason = error.reason;
  return body;
}

const plain = (status: number, error: string, key: MessageKey, args: MessageArgs = {}) => errorBody(new HttpError(status, error, key, args));

/** Fastify's own client errors (bad JSON, oversize body, wrong content type) as our shape. */
function frameworkError(err: FastifyError): ApiErrorBody | undefined {
  const status = err.statusCode ?? 500;
  if (status >= 500) return undefined;
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return plain(400, 'ValidationError', 'app.server.invalidJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // Bad input like any other (the issue asks for 400), with the limit in the message.
      return plain(400, 'ValidationError', 'app.server.bodyTooLarge');
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      // Fastify's own message echoes the address back; ours does not.
      return plain(400, 'BadRequestError', 'app.server.invalidAddress');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return plain(415, 'ValidationError', 'app.server.unsupportedContentType');
    default:
      return plain(status, status === 404 ? 'NotFoundError' : 'BadRequestError', 'app.server.libraryText', { text: err.message });
  }
}

/** One error handler: our errors as they are, framework 4xx mapped, 5xx logged and hidden. */
export function handleError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (err instanceof HttpError) return reply.status(err.status).send(errorBody(err));
  const mapped = frameworkError(err);
  if (mapped) return reply.status(mapped.status).send(mapped);
  request.log.error({ err, url: request.url, method: request.method }, 'request failed');
  return reply.status(500).send(plain(500, 'InternalServerError', 'app.server.internalError'));
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}
