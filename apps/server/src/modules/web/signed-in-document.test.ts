import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { favorites } from '../generations/generations-tables';
import { renderLocale } from './signed-in-document';

const INDEX_HTML =
  '<!doctype html><title>SPA</title><script type="module" src="/a.js"></script>' +
  '<div id="root"><div role="status"><p>Loading...</p></div></div>\n<noscript>JS</noscript>';

const FAVORITES_PATH = '/api/v1/favorites?orderBy=created_at&orderDirection=desc&limit=20&offset=0';

/**
 * Stands in for the web build's renderer (dist-server/render-signed-in-page.js): lists the
 * favorites' prompts from the answers it is given, escaped as React would; throws on request.
 */
const RENDERER = `
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
exports.firstAnswerPaths = () => [${JSON.stringify(FAVORITES_PATH)}, '/api/v1/credits'];
exports.renderSignedInPage = async (url, { session, answers }) => {
  if (globalThis.failSignedInRender) throw new Error('render failed');
  const page = answers[${JSON.stringify(FAVORITES_PATH)}];
  if (page.status !== 200) throw new Error('favorites ' + page.status);
  const items = page.body.favorites.map((f) => '<li>' + escape(f.content_prompt) + '</li>');
  return '<h1>' + escape(session.user.name) + ' at ' + new URL(url).pathname + '</h1><ul>' + items.join('') + '</ul>';
};
`;

/** A web build in a temporary directory: `dist/index.html` and `dist-server`'s renderer. */
async function writeWebBuild(renderer: string): Promise<{ root: string; distDir: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'nocturne-web-'));
  const distDir = path.join(root, 'dist');
  await mkdir(distDir);
  await mkdir(path.join(root, 'dist-server'));
  await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(path.join(root, 'dist-server', 'render-signed-in-page.js'), renderer);
  return { root, distDir };
}

const ALICE_PROMPT = 'Moon </script><script>alert(1)</script> & "owls"';
const BOB_PROMPT = 'Bob only: a lighthouse in fog';

describe('/dashboard rendered on the server for a signed-in visitor (decision 034)', () => {
  let root: string;
  let ctx: TestApp;
  let alice: { cookie: string; userId: string };
  let bob: { cookie: string; userId: string };
  const flag = globalThis as { failSignedInRender?: boolean };

  beforeAll(async () => {
    let distDir: string;
    ({ root, distDir } = await writeWebBuild(RENDERER));
    ctx = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
    const image = (n: number) => `ab/${String(n).padStart(64, '0')}.png`;
    await ctx.database.db.insert(favorites).values([
      { userId: alice.userId, sourcePrompt: '', contentPrompt: ALICE_PROMPT, imagePath: image(1) },
      { userId: bob.userId, sourcePrompt: '', contentPrompt: BOB_PROMPT, imagePath: image(2) },
    ]);
  });
  afterAll(async () => {
    await ctx.close();
    await rm(root, { recursive: true, force: true });
  });

  const getDashboard = (cookie?: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });

  it("carries the visitor's first screen and the answers it was rendered from, escaped", async () => {
    const response = await getDashboard(alice.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = response.body;
    expect(html).toContain(
      '<div id="root"><h1>Test User at /dashboard</h1><ul><li>Moon &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;owls&quot;</li></ul></div>'.replace(
        '&quot;owls&quot;',
        '"owls"',
      ),
    );
    expect(html).not.toContain('Loading...');
    const script = /<script type="application\/json" id="first-answers">([\s\S]*?)<\/script>/.exec(
      html,
    );
    expect(script).not.toBeNull();
    // The user's text cannot close the data script or open another one.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(script![1]).not.toMatch(/[<>&]/);
    const embedded = JSON.parse(script![1]!) as {
      session: { user: { id: string } };
      answers: Record<
        string,
        { status: number; body: { favorites?: { content_prompt: string }[] } }
      >;
    };
    expect(embedded.session.user.id).toBe(alice.userId);
    const page = embedded.answers[FAVORITES_PATH]!;
    expect(page.status).toBe(200);
    expect(page.body.favorites!.map((f) => f.content_prompt)).toEqual([ALICE_PROMPT]);
    // A new user's credits answer 404 (spec §4): embedded as answered.
    expect(embedded.answers['/api/v1/credits']!.status).toBe(404);
    expect(html).not.toContain('lighthouse in fog');
  });

  it("formats with the visitor's language and embeds it, so the client's first render repeats it", async () => {
    const response = await getDashboard(alice.cookie, {
      'accept-language': 'de-DE,de;q=0.9,en;q=0.8',
    });
    expect(response.body).toMatch(/"render":\{"locale":"de-DE","now":\d+\}/);
    expect(renderLocale(undefined)).toBe('en-US');
    expect(renderLocale('*')).toBe('en-US');
    expect(renderLocale('not a tag!')).toBe('en-US');
  });

  it("never shows one visitor another's data", async () => {
    const html = (await getDashboard(bob.cookie)).body;
    expect(html).toContain(BOB_PROMPT);
    expect(html).not.toContain('Moon');
  });

  it('compresses the document for a browser that accepts it', async () => {
    const response = await getDashboard(alice.cookie, { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it.each([
    ['signed out', undefined],
    ['an unknown or expired session cookie', 'better-auth.session_token=forged.value'],
  ])('sends the plain document when %s', async (_case, cookie) => {
    const response = await getDashboard(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX_HTML);
  });

  it('sends the plain document when the render fails', async () => {
    flag.failSignedInRender = true;
    try {
      const response = await getDashboard(alice.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    } finally {
      flag.failSignedInRender = false;
    }
  });

  it('renders /dashboard only: the other pages get the plain document', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/profile',
      headers: { cookie: alice.cookie },
    });
    expect(response.body).toBe(INDEX_HTML);
  });
});

describe('a renderer that cannot be loaded (its packages are not installed beside it)', () => {
  let root: string;
  let ctx: TestApp;

  beforeAll(async () => {
    let distDir: string;
    ({ root, distDir } = await writeWebBuild("require('nocturne-package-that-is-not-installed');"));
    ctx = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(root, { recursive: true, force: true });
  });

  it('starts anyway and sends the plain document for /dashboard', async () => {
    const alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { cookie: alice.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(INDEX_HTML);
  });
});
