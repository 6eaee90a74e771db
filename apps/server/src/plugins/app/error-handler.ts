import { ERROR_CATALOGUE, type ErrorCode } from '@nocturne/contract/errors/error-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type AppErrorCode } from '../../lib/app-error';
import { describeValidationError } from '../../lib/describe-validation-error';

function sendError(
  reply: FastifyReply,
  code: AppErrorCode,
  message?: string,
  status?: number,
  extra?: Record<string, unknown>,
) {
  // Product codes (not in the §8 catalogue) always arrive with their status and message.
  const known = ERROR_CATALOGUE[code as ErrorCode];
  return reply
    .status(status ?? known.status)
    .send({ ...extra, error: code, message: message ?? known.message });
}

/**
 * The single translation from anything thrown to `{ error, message }` (ARCHITECTURE.md: Errors).
 *
 * Decisions for fastify's own client errors:
 * - schema validation and malformed JSON → 422 VALIDATION_ERROR naming the problem, because the
 *   client must fix its input either way;
 * - 413 body too large and 415 unsupported media type → 422 VALIDATION_ERROR as well: the spec's
 *   catalogue has no code for them and the web client only ever sends small JSON, so a distinct
 *   status would buy nothing while breaking the one-code-per-status table;
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
    return sendError(reply, 'VALIDATION_ERROR', 'Request body is too large');
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
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 'INTERNAL_ERROR');
}

export default fp(
  async function errorHandler(app: FastifyInstance) {
    app.setErrorHandler(handleError);
  },
  { name: 'error-handler' },
);
