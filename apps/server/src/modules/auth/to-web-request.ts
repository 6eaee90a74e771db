import type { FastifyRequest } from 'fastify';

/**
 * Rebuilds the Fastify request as a Web Request for better-auth. The body was already parsed as
 * JSON by Fastify, so it is serialised again. x-forwarded-for is replaced by Fastify's client IP
 * (which honours TRUST_PROXY) so a client cannot pick its own rate-limit bucket.
 */
export function toWebRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(key, item));
    else headers.set(key, value);
  }
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body != null;
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}
