import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { openTestDatabase } from '../../../test/open-test-database';
import type { Database } from '../../db/database';

const INDEX_HTML =
  '<!doctype html><title>SPA</title><div id="root"></div><script src="/a.js"></script>';
const LANDING_HTML =
  '<!doctype html><title>Landing</title><div id="root"><h1>Turn your words into midnight masterpieces</h1></div>';

describe('the prerendered landing', () => {
  let distDir: string;
  let database: Database;
  let ctx: TestApp;
  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'nocturne-dist-'));
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeFile(path.join(distDir, 'landing.html'), LANDING_HTML);
    database = await openTestDatabase();
    ctx = await createTestApp({ database, env: { WEB_DIST_DIR: distDir } });
  });
  afterAll(async () => {
    await ctx.close();
    await database.close();
    await rm(distDir, { recursive: true, force: true });
  });

  it('is what / sends a visitor without a session: HTML that needs no script', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(LANDING_HTML);
  });

  it.each(['better-auth.session_token=abc', 'theme=dark; __Secure-better-auth.session_token=abc'])(
    'gives way to the SPA for a visitor with a session cookie (%s), which sends them on',
    async (cookie) => {
      const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it.each(['/login', '/signup', '/dashboard', '/no/such/page'])(
    'is sent for / only: %s still gets the SPA',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.body).toBe(INDEX_HTML);
    },
  );
});
