import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { APP_ROUTES, CONSOLE_PATH, isAppRoute } from '@nocturne/contract/app-routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';
import type { OperatorSettings } from '../operators/require-operator';
import { isOperatorVisit } from './console-page-access';
import { sendHtml } from './send-html';
import { loadSignedInRenderer, readIndexHtml, renderSignedInDocument } from './signed-in-document';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const DASHBOARD = '/dashboard';

/** better-auth's session cookie, `__Secure-` prefixed when the site runs on https. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/**
 * Serves the built SPA from WEB_DIST_DIR, precompressed where the build wrote .br/.gz files.
 * Hashed files under /assets are cached for a year;
 * index.html never is, so a deploy is picked up on the next navigation. Spec routes answer 200,
 * any other page path 404 with the same index.html (the SPA renders its not-found page), and
 * unknown /api paths the JSON NOT_FOUND body.
 *
 * `/` is the prerendered landing (landing.html, written by the web build) for visitors without a
 * session cookie: it paints with no JavaScript (docs/decisions/016-prerendered-landing.md). With
 * one, the SPA is sent instead and takes a signed-in visitor to the dashboard as before (spec §2);
 * a stale cookie only costs the SPA rendering the landing itself. Once an operator has chosen
 * landing samples, the gallery of landing.html shows them instead of the illustrations
 * (landing-page.ts, docs/decisions/064).
 *
 * `/dashboard` with a valid session is rendered on the server when the web build wrote its
 * renderer (dist-server): the first screen is in the document and the client hydrates it from the
 * answers embedded beside it (docs/decisions/034). Signed out, an expired session or a failed
 * render (logged) get the plain index.html.
 *
 * The console's pages (`/admin`, `/admin/…`) are sent with 200 to operators only; anyone else
 * gets 403 with the same document, whose router shows its not-found page (issue 32: no hint).
 */
async function webApp(
  app: FastifyInstance,
  options: { distDir: string; operators: OperatorSettings },
) {
  const hasDist = existsSync(path.join(options.distDir, 'index.html'));
  const hasLanding = hasDist && existsSync(path.join(options.distDir, 'landing.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside each text asset; browsers get the smallest they accept.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(options.distDir, filePath);
        reply.header('cache-control', relative.startsWith('assets') ? IMMUTABLE : 'no-cache');
      },
    });
  } else {
    app.log.warn(
      { distDir: options.distDir },
      'web app has not been built (run `npm run build`); only the API is served',
    );
  }

  const sendIndex = (reply: FastifyReply, status: number) =>
    reply.status(status).header('cache-control', 'no-cache').sendFile('index.html');

  const renderer = hasDist
    ? await loadSignedInRenderer(options.distDir, (error, file) =>
        app.log.error(
          { err: error, file },
          'the server renderer of /dashboard could not be loaded: plain documents are sent',
        ),
      )
    : null;
  if (renderer) {
    const indexHtml = readIndexHtml(options.distDir);
    app.get(DASHBOARD, { schema: { hide: true } }, async (request, reply) => {
      if (SESSION_COOKIE.test(request.headers.cookie ?? '')) {
        try {
          const document = await renderSignedInDocument(app, request, { indexHtml, renderer });
          if (document) {
            if (document.setCookie.length > 0) reply.header('set-cookie', document.setCookie);
            // The answers are this visitor's: no shared cache may keep them.
            reply.header('cache-control', 'private, no-store');
            return sendHtml(request, reply, document.html);
          }
        } catch (error) {
          request.log.error(
            { err: error },
            'server render of /dashboard failed: plain document sent',
          );
        }
      }
      return sendIndex(reply, 200);
    });
  }

  if (hasDist) {
    for (const route of APP_ROUTES) {
      if (route === '/' && hasLanding) continue;
      if (route === DASHBOARD && renderer) continue;
      app.get(route, { schema: { hide: true } }, (_request, reply) => sendIndex(reply, 200));
    }
  }
  if (hasDist) {
    const sendConsole = async (request: FastifyRequest, reply: FastifyReply) => {
      const signedIn = SESSION_COOKIE.test(request.headers.cookie ?? '');
      const allowed = signedIn && (await isOperatorVisit(app, request, options.operators));
      return sendIndex(reply, allowed ? 200 : 403);
    };
    app.get(CONSOLE_PATH, { schema: { hide: true } }, sendConsole);
    app.get(`${CONSOLE_PATH}/*`, { schema: { hide: true } }, sendConsole);
  }
  if (hasLanding) {
    app.get('/', { schema: { hide: true } }, async (request, reply) => {
      if (SESSION_COOKIE.test(request.headers.cookie ?? '')) return sendIndex(reply, 200);
      reply.header('cache-control', 'no-cache');
      const page = await (app.landingPage?.render() ?? Promise.resolve(null)).catch(
        (error: unknown) => {
          request.log.error(
            { err: error },
            'landing samples unreadable: the built landing is sent',
          );
          return null;
        },
      );
      return page ? sendHtml(request, reply, page) : reply.sendFile('landing.html');
    });
  }

  app.setNotFoundHandler(
    { preHandler: app.rateLimit() },
    (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      if (!hasDist || !isPage || isApiPath(pathname)) throw new AppError('NOT_FOUND');
      return sendIndex(reply, isAppRoute(pathname) ? 200 : 404);
    },
  );
}

/** Root-level (not encapsulated): the not-found handler must cover every path. */
export default fp(webApp, { name: 'web-app', dependencies: ['rate-limit', 'landing-page'] });
