import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../../test/provided-context';
import { waitFor } from '../../test/generation-worker-harness';
import { openTestDatabase } from '../../test/open-test-database';
import { terminateSessionsOf } from '../../test/terminate-sessions';
import type { Database } from './database';

const PREFIX = 'listening_session_test';
const FIRST = `${PREFIX}_first`;
const SECOND = `${PREFIX}_second`;

describe('listening on several channels', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const notify = (channel: string, payload: string) =>
    database.db.execute(sql`select pg_notify(${channel}, ${payload})`);

  it('gives each listener its own channel, and keeps the others when one stops', async () => {
    const heard: string[] = [];
    const stopFirst = await database.listen(FIRST, (payload) => heard.push(`first:${payload}`));
    const stopSecond = await database.listen(SECOND, (payload) => heard.push(`second:${payload}`));
    const stopAnother = await database.listen(SECOND, (payload) =>
      heard.push(`another:${payload}`),
    );
    try {
      await notify(FIRST, '1');
      await notify(SECOND, '2');
      await waitFor(async () => heard.length === 3);
      expect(heard.sort()).toEqual(['another:2', 'first:1', 'second:2']);

      await stopSecond();
      await notify(SECOND, '3');
      await notify(FIRST, '4');
      await waitFor(async () => heard.includes('first:4'));
      expect(heard.sort()).toEqual(['another:2', 'another:3', 'first:1', 'first:4', 'second:2']);

      await stopFirst();
      await notify(FIRST, '5');
      await notify(SECOND, '6');
      await waitFor(async () => heard.includes('another:6'));
      expect(heard).not.toContain('first:5');
    } finally {
      await stopFirst();
      await stopSecond();
      await stopAnother();
    }
  });

  // PGlite is one in-process session: only PostgreSQL has sessions to count.
  it.runIf(inject('databaseKind') === 'postgres')(
    'holds one session for all its channels, and none once the last listener stops',
    async () => {
      const stopFirst = await database.listen(FIRST, () => undefined);
      const stopSecond = await database.listen(SECOND, () => undefined);
      await stopFirst();
      await stopSecond();
      expect(await terminateSessionsOf(database, PREFIX)).toBe(0);

      const heard: string[] = [];
      const stops = [
        await database.listen(FIRST, (payload) => heard.push(payload)),
        await database.listen(SECOND, (payload) => heard.push(payload)),
      ];
      try {
        // The one session is ended, as a restart would; it is opened again on both channels.
        expect(await terminateSessionsOf(database, PREFIX)).toBe(1);
        await waitFor(async () => {
          await notify(FIRST, 'first');
          await notify(SECOND, 'second');
          return heard.includes('first') && heard.includes('second');
        }, 10_000);
      } finally {
        for (const stop of stops) await stop();
      }
    },
  );
});
