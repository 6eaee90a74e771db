import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** One API answer as the route gave it; the web build's renderer reads these. */
interface FirstAnswer {
  status: number;
  body: unknown;
}

interface FirstAnswers {
  session: unknown;
  answers: Record<string, FirstAnswer>;
  /** What the page formats numbers and countdowns with; the client's first render repeats it. */
  render: { locale: string; now: number };
}

/** The visitor's first Accept-Language tag this Node formats with, else American English. */
export function renderLocale(acceptLanguage: string | undefined): string {
  const tag = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  if (!tag || tag === '*') return 'en-US';
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag])[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

/** What the web build's `dist-server/render-signed-in-page.js` exports (apps/web/src/app). */
export interface SignedInRenderer {
  /** The API requests (path and query) whose answers the page renders from. */
  firstAnswerPaths(): readonly string[];
  renderSignedInPage(url: string, answers: FirstAnswers): Promise<string>;
}

/** The id of the JSON script the client reads the answers from (web: read-embedded-answers.ts). */
const EMBEDDED_ANSWERS_ID = 'first-answers';

/** `#root` with whatever the build prerendered into it, up to the noscript note after it. */
const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*<noscript>)/;

/**
 * JSON that cannot end or comment out the <script> it sits in, whatever the user typed (prompts are
 * user text): `<`, `>` and `&` are escaped, as are the two line separators old parsers choke on.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The web build's renderer, or null when the build did not write one or it cannot be loaded (its
 * packages, React among them, are not installed beside it): pages then stay plain (the SPA renders
 * them), rather than the whole server failing to start over a faster first paint.
 */
export async function loadSignedInRenderer(
  distDir: string,
  onLoadError: (error: unknown, file: string) => void,
): Promise<SignedInRenderer | null> {
  const file = path.join(distDir, '..', 'dist-server', 'render-signed-in-page.js');
  if (!existsSync(file)) return null;
  try {
    return (await import(pathToFileURL(file).href)) as SignedInRenderer;
  } catch (error) {
    onLoadError(error, file);
    return null;
  }
}

export interface SignedInDocument {
  html: string;
  /** better-auth may refresh the session cookie while answering get-session. */
  setCookie: string[];
}

/**
 * The SPA document for a signed-in page with its first screen already in `#root` and the answers
 * it was rendered from beside it (docs/decisions/034). The answers come from the API's own routes,
 * asked with the visitor's cookie (and the token it gets), so they are exactly what the client
 * would have been sent: same authorization, same signed image URLs, same rate limits. Null when
 * the visitor is not signed in or an answer is not what the page renders from; the caller then
 * sends the plain document. A render error is thrown to the caller.
 */
export async function renderSignedInDocument(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { indexHtml: string; renderer: SignedInRenderer },
): Promise<SignedInDocument | null> {
  if (!ROOT.test(options.indexHtml)) return null;
  const base = { remoteAddress: request.ip, headers: { cookie: request.headers.cookie ?? '' } };
  const session = await app.inject({ ...base, method: 'GET', url: '/api/auth/get-session' });
  const sessionBody: unknown = session.statusCode === 200 ? session.json() : null;
  if (!(sessionBody as { user?: unknown } | null)?.user) return null;
  const token = await app.inject({ ...base, method: 'GET', url: '/api/auth/token' });
  const tokenValue = token.statusCode === 200 ? (token.json() as { token?: unknown }).token : null;
  if (typeof tokenValue !== 'string') return null;
  const headers = { accept: 'application/json', authorization: `Bearer ${tokenValue}` };
  const answers: Record<string, FirstAnswer> = {};
  await Promise.all(
    options.renderer.firstAnswerPaths().map(async (url) => {
      const answer = await app.inject({ remoteAddress: request.ip, method: 'GET', url, headers });
      const isJson = /json/.test(String(answer.headers['content-type'] ?? ''));
      answers[url] = { status: answer.statusCode, body: isJson ? answer.json() : null };
    }),
  );
  const firstAnswers: FirstAnswers = {
    session: sessionBody,
    answers,
    render: { locale: renderLocale(request.headers['accept-language']), now: Date.now() },
  };
  const markup = await options.renderer.renderSignedInPage(
    `http://localhost${request.url}`,
    firstAnswers,
  );
  const embedded = `<script type="application/json" id="${EMBEDDED_ANSWERS_ID}">${jsonForScript(firstAnswers)}</script>`;
  // Function replacements: the markup and the JSON may contain `$` sequences.
  const html = options.indexHtml.replace(ROOT, () => `<div id="root">${markup}</div>${embedded}`);
  const setCookie = session.headers['set-cookie'];
  return { html, setCookie: setCookie === undefined ? [] : [setCookie].flat() };
}

export function readIndexHtml(distDir: string): string {
  return readFileSync(path.join(distDir, 'index.html'), 'utf8');
}
