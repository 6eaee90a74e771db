import type { FastifyInstance } from 'fastify';

/**
 * Some clients send `Content-Type: application/json` with an empty body for bodiless POSTs, which
 * fastify's JSON parser refuses. In the calling plugin's scope only, an empty JSON body is read
 * as no body.
 */
export function acceptEmptyJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
