import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * CSP for the SPA served from this origin: own scripts only, inline styles allowed (the UI
 * library injects style attributes), images also from data:/blob: (generated images arrive as
 * base64), and websocket connections back to this origin for realtime.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, options: { publicUrl: string }) {
    const isHttps = options.publicUrl.startsWith('https://');
    const wsOrigin = options.publicUrl.replace(/^http/, 'ws');
    await app.register(helmet, {
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
      hsts: isHttps,
    });
  },
  { name: 'security-headers' },
);
