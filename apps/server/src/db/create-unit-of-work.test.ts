import pino from 'pino';
import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/open-test-database';
import type { Database } from './database';
import { createUnitOfWork } from './create-unit-of-work';

const credit = (balance: number): RealtimeEvent => ({
  channel: channels.credits('u1'),
  event: 'credit_updated',
  payload: { balance },
});

describe('unit of work: events leave after commit', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`create table uow_probe (n int)`);
  });
  afterAll(() => database.close());

  function setup(publish: (event: RealtimeEvent) => void = () => undefined) {
    const published: RealtimeEvent[] = [];
    const logger = pino({ level: 'silent' });
    vi.spyOn(logger, 'warn');
    const unitOfWork = createUnitOfWork({
      db: database.db,
      publish: (event) => {
        published.push(event);
        publish(event);
      },
      logger,
    });
    return { unitOfWork, published, logger };
  }

  it('publishes the collected events once the transaction has committed, in order', async () => {
    const { unitOfWork, published } = setup();
    const answer = await unitOfWork.transaction(async (tx, events) => {
      await tx.execute(sql`insert into uow_probe values (1)`);
      events.add(credit(1));
      events.add(credit(2));
      // Nothing leaves while the transaction is open.
      expect(published).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(published).toEqual([credit(1), credit(2)]);
  });

  it('publishes nothing when the transaction rolls back', async () => {
    const { unitOfWork, published } = setup();
    await expect(
      unitOfWork.transaction(async (tx, events) => {
        await tx.execute(sql`insert into uow_probe values (2)`);
        events.add(credit(3));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(published).toEqual([]);
    // Both drivers answer { rows }: the insert was undone with the event.
    const found = (await database.db.execute(sql`select n from uow_probe where n = 2`)) as unknown;
    expect((found as { rows: unknown[] }).rows).toEqual([]);
  });

  it('a single statement: its events leave once it has answered, and none when it fails', async () => {
    const { unitOfWork, published } = setup();
    const answer = await unitOfWork.statement(async (db, events) => {
      events.add(credit(6));
      await db.execute(sql`insert into uow_probe values (6)`);
      expect(published).toEqual([]);
      return 'written';
    });
    expect(answer).toBe('written');
    expect(published).toEqual([credit(6)]);
    await expect(
      unitOfWork.statement(async (db, events) => {
        events.add(credit(7));
        await db.execute(sql`insert into no_such_table values (7)`);
      }),
    ).rejects.toThrow();
    expect(published).toEqual([credit(6)]);
  });

  it('logs a failing publish with its event and channel, and still answers', async () => {
    const { unitOfWork, published, logger } = setup((event) => {
      if (event.payload && 'balance' in event.payload && event.payload.balance === 4) {
        throw new Error('transport down');
      }
    });
    const answer = await unitOfWork.transaction(async (_tx, events) => {
      events.add(credit(4));
      events.add(credit(5));
      return 42;
    });
    expect(answer).toBe(42);
    // The failure of one event does not stop the next.
    expect(published).toEqual([credit(4), credit(5)]);
    expect(logger.warn).toHaveBeenCalledExactlyOnceWith(
      { err: expect.any(Error), event: 'credit_updated', channel: channels.credits('u1') },
      'realtime publish failed',
    );
  });
});
