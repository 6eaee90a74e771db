import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ALL_ERRORS, AppError, type AppErrorCode } from '../../lib/app-error';
import { describeValidationError } from '../../lib/describe-validation-error';
import { isDatabaseUnavailable } from '../../lib/is-database-unavailable';

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 5;

function sendError(
  reply: FastifyReply,
  code: AppErrorCode,
  message?: string,
  status?: number,
  extra?: Record<string, unknown>,
) {
  const known = ALL_ERRORS[code];
  return reply
    .status(status ?? known.status)
    .send({ ...extra, error: code, message: message ?? known.message });
}

/**
 * The single translation from anything thrown to `{ error, message }` (docs/architecture.md#errors).
 *
 * Decisions for fastify's own client errors:
 * - schema validation and malformed JSON → 422 VALIDATION_ERROR naming the problem, because the
 *   client must fix its input either way;
 * - 413 body too large (BODY_LIMIT_BYTES) → 413 PAYLOAD_TOO_LARGE;
 * - 415 unsupported media type → 422 VALIDATION_ERROR: the web client only ever sends JSON;
 * - the database unreachable (restart, failover) → 503 SERVICE_UNAVAILABLE with Retry-After: the
 *   same request succeeds once it is back, and nothing was changed;
 * - any other 4xx fastify raises keeps its status with VALIDATION_ERROR; every 5xx is
 *   INTERNAL_ERROR with the catalogue text, the real error only in the log.
 */
function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error, details: error.details });
    else request.log.info({ code: error.code, details: error.details }, error.message);
    if (error.headers) reply.headers(error.headers);
    // The error carries its own status: product codes are not in the §8 catalogue.
    return sendError(reply, error.code, error.message, error.statusCode, error.extra);
  }
  if (error.validation) {
    return sendError(reply, 'VALIDATION_ERROR', describeValidationError(error));
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return sendError(reply, 'VALIDATION_ERROR', 'Malformed JSON in request body');
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return sendError(reply, 'VALIDATION_ERROR', 'Request body is empty; send a JSON object');
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return sendError(reply, 'PAYLOAD_TOO_LARGE');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return sendError(reply, 'VALIDATION_ERROR', 'Unsupported content type; send application/json');
  }
  if (error.statusCode === 429) return sendError(reply, 'RATE_LIMIT_EXCEEDED');
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    request.log.info({ err: error }, 'client error');
    return sendError(reply, 'VALIDATION_ERROR', undefined, status);
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
    return sendError(reply, 'SERVICE_UNAVAILABLE');
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 'INTERNAL_ERROR');
}

export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler(handleError);
  },
  { name: 'error-handler' },
);
