import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets with `options`, recorded from one run of its middleware. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name] = value;
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failure: unknown;
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  return headers;
}

/** Where the JSON API answers; nothing under it is a page a browser renders. */
const API_PREFIX = '/api/v1/';

/**
 * The headers of a JSON answer (OWASP's REST cheat sheet): nothing may load or frame it, browsers
 * must not sniff it into something executable, and no other site may embed it. The rest of
 * helmet's set (referrer policy, opener policy, origin-agent cluster, DNS prefetch, the legacy
 * X-Frame-Options, X-Download-Options, X-XSS-Protection, X-Permitted-Cross-Domain-Policies) only
 * acts on documents, and every header line is parsed by every client on every call.
 */
function apiHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const hsts = documentHeaders['Strict-Transport-Security'];
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'Cross-Origin-Resource-Policy': 'same-origin',
    'X-Content-Type-Options': 'nosniff',
    // HSTS binds the whole host, whichever answer carries it (only set on https).
    ...(hsts ? { 'Strict-Transport-Security': hsts } : {}),
  };
}

/**
 * Helmet's headers on pages and files. CSP for the SPA served from this origin: own scripts only,
 * inline styles allowed (the UI library injects style attributes), images also from data:/blob:
 * (generated images arrive as base64), and websocket connections back to this origin for realtime.
 * JSON answers under /api/v1/ get the shorter set above; /api/auth (better-auth, which can answer
 * with a page) and /api/docs (Swagger UI) keep the document set.
 *
 * For given options helmet's headers are constants, so they are worked out once at start and set
 * in one synchronous hook, where @fastify/helmet rebuilds the whole middleware on every request
 * and helmet's own middleware sets them one by one.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, options: { publicUrl: string }) {
    const isHttps = options.publicUrl.startsWith('https://');
    const wsOrigin = options.publicUrl.replace(/^http/, 'ws');
    const documentHeaders = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", wsOrigin],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          // Upgrading would break a plain-http deployment (LAN, localhost on another name).
          upgradeInsecureRequests: isHttps ? [] : null,
        },
      },
      // helmet's types take `false` or options, never `true`: omitting the key keeps its default.
      ...(isHttps ? {} : { strictTransportSecurity: false }),
    });
    const jsonHeaders = apiHeaders(documentHeaders);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith(API_PREFIX) ? jsonHeaders : documentHeaders);
      done();
    });
  },
  { name: 'security-headers' },
);
