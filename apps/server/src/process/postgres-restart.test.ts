import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { createVerifiedUser } from '../../test/auth-flow';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { giveCredits, waitFor } from '../../test/generation-worker-harness';
import { readCreditLedger } from '../../test/read-credit-ledger';
import { startPostgresCluster, type PostgresCluster } from '../../test/start-postgres-cluster';
import { withDatabase } from '../../test/with-database';
import { openPostgresDatabase } from '../db/open-postgres-database';
import { generations } from '../modules/generations/generations-tables';
import type { Database } from '../db/database';

const BURST = 4;

/**
 * PostgreSQL restarted under load (issue 13, Faults): the server stays up, /health is 503 and
 * /api/v1 answers 503 SERVICE_UNAVAILABLE with Retry-After (never 500) while the database is down,
 * it serves again by itself, and every write it acknowledged is still there afterwards.
 * Its own throwaway cluster: the shared one serves every other test file. PGlite runs in-process
 * and cannot be restarted, so this runs in the server-postgres project only.
 */
describe.skipIf(inject('databaseKind') !== 'postgres')('PostgreSQL restarted under load', () => {
  let cluster: PostgresCluster;
  let database: Database;
  let ctx: TestApp;
  let auth: { authorization: string };
  let userId: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE nocturne_restart');
    await admin.end();
    database = await openPostgresDatabase(withDatabase(cluster.url, 'nocturne_restart'));
    ctx = await createTestApp({
      database,
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        GENERATE_MAX_PER_USER_PER_MINUTE: '100000',
        // No worker runs here: the submits stay queued, so the per-person queue cap must not bite.
        GENERATION_QUEUE_MAX_PER_USER: '100000',
      },
    });
    const user = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'restart@example.com');
    auth = { authorization: `Bearer ${user.token}` };
    userId = user.userId;
    await giveCredits(database.db, userId, 1000);
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await database?.close();
    cluster?.stop();
  });

  const submit = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: auth,
      payload: { source_prompt: 'owl', content_prompt: 'an owl at night' },
    });

  it('stays up, answers 503 with Retry-After meanwhile, recovers by itself and loses no acknowledged write', async () => {
    const answers: LightMyRequestResponse[] = [];
    let loading = true;
    // Writers keep submitting through the whole outage.
    const load = Promise.all(
      Array.from({ length: BURST }, async () => {
        while (loading) {
          answers.push(await submit());
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }),
    );
    await waitFor(() => answers.filter((answer) => answer.statusCode === 200).length >= 5);

    cluster.halt();
    const health = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(503);
    for (const url of ['/api/v1/credits', '/api/v1/generations']) {
      const down = await ctx.app.inject({ method: 'GET', url, headers: auth });
      expect(down.statusCode, url).toBe(503);
      expect(down.headers['retry-after'], url).toBeDefined();
      expect(down.json(), url).toEqual({
        error: 'SERVICE_UNAVAILABLE',
        message: PRODUCT_ERRORS.SERVICE_UNAVAILABLE.message,
      });
    }
    const refused = await submit();
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBeDefined();

    cluster.resume();
    await waitFor(
      async () => (await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode === 200,
      20_000,
    );
    // Some submits after the restart must succeed again, on their own.
    const acknowledgedBefore = answers.filter((answer) => answer.statusCode === 200).length;
    await waitFor(
      () => answers.filter((answer) => answer.statusCode === 200).length >= acknowledgedBefore + 5,
    );
    loading = false;
    await load;

    const statuses = new Set(answers.map((answer) => answer.statusCode));
    expect([...statuses].sort()).toEqual(statuses.has(503) ? [200, 503] : [200]);
    for (const answer of answers.filter((item) => item.statusCode === 503)) {
      expect(answer.json().error).toBe('SERVICE_UNAVAILABLE');
    }
    const acknowledged = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json<{ requestId: string }>().requestId);
    const rows = await database.db
      .select({ requestId: generations.requestId })
      .from(generations)
      .where(eq(generations.userId, userId));
    const stored = new Set(rows.map((row) => row.requestId));
    expect(acknowledged.filter((requestId) => !stored.has(requestId))).toEqual([]);
    // Each stored submit was charged exactly once, acknowledged or not.
    const ledger = await readCreditLedger(database.db, userId);
    expect(ledger.balance).toBe(ledger.ledgerSum);
    expect(ledger.balance).toBe(1000 - rows.length);
  }, 60_000);
});
