import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access-log line per request, written when it completes: `req` (method, redacted URL, host,
 * address), `res` (status) and `responseTime`. Fastify's default writes a second line when the
 * request arrives, serialised and redacted on every request, which says little the completion
 * line does not. The arrival is still logged at `debug`, for tracing a request
 * that never completes. Error lines keep Fastify's defaults.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
      return;
    }
    reply.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
