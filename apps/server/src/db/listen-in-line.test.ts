import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../../test/provided-context';
import { waitFor } from '../../test/generation-worker-harness';
import { openTestDatabase } from '../../test/open-test-database';
import type { Database } from './database';
import type { ListenLine } from './listen-in-line';
import { terminateSessionsOf } from '../../test/terminate-sessions';

const CHANNEL = 'listen_line_test';

/** A place in line `line` that counts its wake-ups. */
async function place(database: Database, line = 'models-a') {
  const woken = { count: 0 };
  const member: ListenLine = await database.listenInLine(CHANNEL, line, () => {
    woken.count += 1;
  });
  return { member, woken };
}

// PGlite is one session whose NOTIFYs reach every listener: only PostgreSQL has a line.
describe.runIf(inject('databaseKind') === 'postgres')('a line of listeners on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  const notify = () => database.db.execute(sql`select pg_notify(${CHANNEL}, '')`);
  /** Long enough for a NOTIFY sent before it to have arrived wherever it was going to. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  it('wakes only its head, then the next when the head leaves', async () => {
    const first = await place(database);
    const second = await place(database);
    try {
      first.member.join();
      await waitFor(() => first.woken.count === 1, 5_000);
      second.member.join();
      await notify();
      await waitFor(() => first.woken.count === 2, 5_000);
      await settle();
      expect(second.woken.count).toBe(0);

      first.member.leave();
      // Reaching the head wakes it once, to claim what came before it listened.
      await waitFor(() => second.woken.count === 1, 5_000);
      await notify();
      await waitFor(() => second.woken.count === 2, 5_000);
      await settle();
      expect(first.woken.count).toBe(2);
    } finally {
      await Promise.all([first.member.stop(), second.member.stop()]);
    }
  });

  it('hands the head on when its session ends, and keeps lines of other models apart', async () => {
    const head = await place(database);
    const next = await place(database);
    const otherModels = await place(database, 'models-b');
    try {
      head.member.join();
      await waitFor(() => head.woken.count === 1, 5_000);
      next.member.join();
      otherModels.member.join();
      await waitFor(() => otherModels.woken.count === 1, 5_000);
      await settle();
      expect(next.woken.count).toBe(0);

      await head.member.stop();
      await waitFor(() => next.woken.count === 1, 5_000);
      await notify();
      await waitFor(() => next.woken.count === 2 && otherModels.woken.count === 2, 5_000);
    } finally {
      await Promise.all([head.member.stop(), next.member.stop(), otherModels.member.stop()]);
    }
  });

  it('queues again when its session is lost, and is woken at the head', async () => {
    const head = await place(database);
    try {
      head.member.join();
      await waitFor(() => head.woken.count === 1, 5_000);
      await terminateSessionsOf(database, CHANNEL);
      // Opened again, it queues for the head anew and is woken there, to claim what it missed.
      await waitFor(() => head.woken.count === 2, 5_000);
      await notify();
      await waitFor(() => head.woken.count === 3, 5_000);
    } finally {
      await head.member.stop();
    }
  });

  it('leaves a queued join behind when it leaves before reaching the head', async () => {
    const head = await place(database);
    const waiting = await place(database);
    try {
      head.member.join();
      await waitFor(() => head.woken.count === 1, 5_000);
      waiting.member.join();
      // Issued while it waits: it runs once the wait ends, so the head passes straight on.
      waiting.member.leave();
      head.member.leave();
      await waitFor(() => waiting.woken.count === 1, 5_000);
      head.member.join();
      await waitFor(() => head.woken.count === 2, 5_000);
      await notify();
      await waitFor(() => head.woken.count === 3, 5_000);
      await settle();
      expect(waiting.woken.count).toBe(1);
    } finally {
      await Promise.all([head.member.stop(), waiting.member.stop()]);
    }
  });
});
