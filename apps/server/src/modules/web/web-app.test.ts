import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { openTestDatabase } from '../../../test/open-test-database';
import type { Database } from '../../db/database';

const INDEX_HTML = '<!doctype html><title>Nocturne test shell</title><div id="root"></div>';

describe('web app serving', () => {
  let distDir: string;
  let database: Database;
  let ctx: TestApp;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'nocturne-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
    await writeFile(
      path.join(distDir, 'assets', 'app-1234.js.br'),
      brotliCompressSync('console.log(1)'),
    );
    database = await openTestDatabase();
    ctx = await createTestApp({ database, env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await ctx.close();
    await database.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/dashboard', '/history/credits', '/subscription/'])(
    'serves index.html with 200 on the spec route %s',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('serves index.html with 404 on any other page path', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/no/such/page?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe(INDEX_HTML);
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file to a browser that accepts it, the plain one otherwise', async () => {
    const url = '/assets/app-1234.js';
    const compressed = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');

    const plain = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('keeps JSON NOT_FOUND for unknown /api paths', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v2/anything' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
  });

  it('answers JSON NOT_FOUND for pages when the web app has not been built', async () => {
    const bare = await createTestApp({ database });
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/dashboard' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    } finally {
      await bare.close();
    }
  });

  it('publishes the OpenAPI document generated from the route schemas', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/health', '/api/v1/subscriptions/active']),
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(
      400,
    );
  });
});
