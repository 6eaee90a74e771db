import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall } from '../../../test/admin-fixture';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { freePort } from '../../../test/free-port';
import { openTestDatabaseWithUrl } from '../../../test/open-test-database';
import {
  spawnServerProcess,
  waitForHealth,
  type ServerProcess,
} from '../../../test/spawn-server-process';
import type { Database } from '../../db/database';

const onPostgres = inject('databaseKind') === 'postgres';
/** How soon every process must refuse a revoked key (issue 48). */
const REVOKE_BOUND_MS = 1_000;

/**
 * A key revoked through one process (the test's app) and used on another (a `--role=api` server
 * process on the same PostgreSQL): the other refuses it within REVOKE_BOUND_MS, having accepted
 * it just before (so nothing but its own per-request lookup can be what refuses it).
 */
describe.runIf(onPostgres)('a revoked API key in another server process', () => {
  let database: Database;
  let first: TestApp;
  let processB: ServerProcess;
  let urlB: string;
  let dataDirB: string;

  beforeAll(async () => {
    const opened = await openTestDatabaseWithUrl();
    database = opened.database;
    first = await createTestApp({ database, env: { RATE_LIMIT_PER_MINUTE: '10000' } });
    dataDirB = await mkdtemp(path.join(tmpdir(), 'nocturne-keys-b-'));
    const port = await freePort();
    urlB = `http://127.0.0.1:${port}`;
    processB = spawnServerProcess({
      name: 'api B',
      role: 'api',
      env: {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: opened.url ?? '',
        PUBLIC_URL: TEST_PUBLIC_URL,
        DATA_DIR: dataDirB,
        WEB_DIST_DIR: path.join(dataDirB, 'no-web-dist'),
        LOG_LEVEL: 'warn',
      },
    });
    await waitForHealth(processB, urlB);
  }, 120_000);
  afterAll(async () => {
    await processB?.stop();
    await first?.close();
    await database?.close();
    if (dataDirB) await rm(dataDirB, { recursive: true, force: true });
  });

  it(`refuses it within ${REVOKE_BOUND_MS} ms`, async () => {
    const person = await createVerifiedUser(first.app, first.env.DATA_DIR, 'pia@example.com');
    const created = await apiCall(first, person.token, 'POST', '/api-keys', { name: 'bot' });
    const { id, key } = created.json() as { id: string; key: string };
    const readModelsOnB = () =>
      fetch(`${urlB}/api/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    // Used on B a moment before: anything B remembered of the key would be fresh now.
    expect((await readModelsOnB()).status).toBe(200);
    expect((await readModelsOnB()).status).toBe(200);

    const revoked = await apiCall(first, person.token, 'DELETE', `/api-keys/${id}`);
    expect(revoked.statusCode).toBe(200);
    const revokedAt = Date.now();
    let answer = await readModelsOnB();
    while (answer.status === 200 && Date.now() - revokedAt < REVOKE_BOUND_MS * 2) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await readModelsOnB();
    }
    expect(answer.status).toBe(401);
    expect(await answer.json()).toMatchObject({ error: 'API_KEY_INVALID' });
    expect(Date.now() - revokedAt).toBeLessThan(REVOKE_BOUND_MS);
  });
});
