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

/**
 * Helmet's headers on every response. CSP for the SPA served from this origin: own scripts only,
 * inline styles allowed (the UI library injects style attributes), images also from data:/blob:
 * (generated images arrive as base64), and websocket connections back to this origin for realtime.
 *
 * For given options helmet's headers are constants, so they are worked out once at start and set
 * in one synchronous hook: @fastify/helmet rebuilt the whole middleware on every request, and
 * helmet's own middleware sets them one by one (together about 5% of the API's CPU under load,
 * bench/api.bench.ts).
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, options: { publicUrl: string }) {
    const isHttps = options.publicUrl.startsWith('https://');
    const wsOrigin = options.publicUrl.replace(/^http/, 'ws');
    const headers = helmetHeaders({
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
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
