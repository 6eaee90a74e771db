/**
 * The origin a request was sent to. toWebRequest builds the URL from Fastify's protocol and host,
 * which read X-Forwarded-Proto/Host only under TRUST_PROXY, so a client cannot pick it through
 * those headers unless a trusted proxy set them.
 */
export function requestOrigin(request: Request): string {
  return new URL(request.url).origin;
}

/**
 * better-auth's trusted origins for one request: the configured ones plus the request's own
 * origin. A page whose Origin equals the address it sent to is same-origin whatever name the
 * browser used (localhost, 127.0.0.1, a LAN address); any other origin stays refused. A client
 * can name any Host, so that origin is never where a link or a redirect leads: mailed links are
 * built on PUBLIC_URL, and redirect-targets.ts allows only the configured origins.
 */
export function createTrustedOrigins(configured: readonly string[]) {
  return (request?: Request): string[] =>
    request ? [...configured, requestOrigin(request)] : [...configured];
}
