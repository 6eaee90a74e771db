import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getOperatorResponseSchema } from '@nocturne/contract/admin/get-operator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { createOperator } from '../../../test/operator-flow';

const INDEX_HTML = '<!doctype html><title>Nocturne test shell</title><div id="root"></div>';

describe('the console pages and GET /api/v1/admin/operator (issue 32)', () => {
  let distDir: string;
  let ctx: TestApp;
  let operator: { userId: string; token: string; cookie: string };
  let person: { userId: string; token: string; cookie: string };

  beforeAll(async () => {
    distDir = await mkdtemp(path.join(tmpdir(), 'nocturne-dist-'));
    await writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    ctx = await createTestApp({
      env: { WEB_DIST_DIR: distDir, RATE_LIMIT_PER_MINUTE: '10000' },
    });
    operator = await createOperator(ctx.app, ctx.database.db, ctx.env.DATA_DIR, 'op@example.com');
    person = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'person@example.com');
  });
  afterAll(async () => {
    await ctx.close();
    await rm(distDir, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it.each(['/admin', '/admin/', '/admin/people/some-id', '/admin/settings?x=1'])(
    'sends %s to an operator with 200',
    async (url) => {
      const response = await page(url, operator.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
    },
  );

  it('sends the same document with 403 to a signed-in person and to a visitor', async () => {
    for (const cookie of [person.cookie, undefined, 'better-auth.session_token=forged']) {
      const response = await page('/admin/people', cookie);
      expect(response.statusCode).toBe(403);
      expect(response.body).toBe(INDEX_HTML);
    }
  });

  it('answers who the operator is, and OPERATOR_ONLY to anyone else', async () => {
    const ask = (token: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/v1/admin/operator',
        headers: { authorization: `Bearer ${token}` },
      });
    const mine = await ask(operator.token);
    expect(mine.statusCode).toBe(200);
    expect(getOperatorResponseSchema.parse(mine.json())).toEqual({
      id: operator.userId,
      email: 'op@example.com',
    });
    const theirs = await ask(person.token);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error).toBe('OPERATOR_ONLY');
  });
});
