import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../../test/provided-context';
import { waitFor } from '../../test/generation-worker-harness';
import { openTestDatabase } from '../../test/open-test-database';
import { terminateSessionsOf } from '../../test/terminate-sessions';
import type { Database } from './database';

const CHANNEL = 'dedicated_session_test';

// PGlite is in-process: its sessions cannot be lost.
describe.runIf(inject('databaseKind') === 'postgres')('a LISTEN session on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('listens again after the server ends its session', async () => {
    const heard: string[] = [];
    const stop = await database.listen(CHANNEL, (payload) => heard.push(payload));
    try {
      expect(await terminateSessionsOf(database, CHANNEL)).toBe(1);
      // Sent until one arrives: the session is opened again after a moment.
      await waitFor(async () => {
        await database.db.execute(sql`select pg_notify(${CHANNEL}, 'after')`);
        return heard.includes('after');
      }, 10_000);
    } finally {
      await stop();
    }
  });

  it('closes while its lost session waits to be opened again', async () => {
    const stop = await database.listen(CHANNEL, () => undefined);
    expect(await terminateSessionsOf(database, CHANNEL)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await stop();
    // Nothing was opened again after it closed.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await terminateSessionsOf(database, CHANNEL)).toBe(0);
  });
});
