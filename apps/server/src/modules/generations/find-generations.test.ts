import { findGenerationsQuerySchema } from '@nocturne/contract/generations/generation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../../test/insert-test-user';
import { openTestDatabase } from '../../../test/open-test-database';
import type { Database } from '../../db/database';
import { findGenerations } from './find-generations';

const STATUSES = ['completed', 'failed', 'queued', 'completed', 'failed', 'completed'] as const;

describe('findGenerations: filters and orders of GET /generations', () => {
  let database: Database;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    alice = await insertTestUser(database.db);
    bob = await insertTestUser(database.db);
    // Alice's rows i minutes old; rows 4 and 5 share a timestamp so the id decides between them.
    for (const [i, status] of STATUSES.entries()) {
      const minutes = i === 5 ? 4 : i;
      await database.db.execute(sql`
        INSERT INTO generations (request_id, user_id, status, content_prompt, seed, backend, model, created_at)
        VALUES (${`alice-${i}`}, ${alice}, ${status}, ${`prompt ${i}`}, ${i}, 'preview', 'test-model',
          timestamptz '2026-11-01T12:00:00Z' - make_interval(mins => ${minutes}::int))`);
    }
    await database.db.execute(sql`
      INSERT INTO generations (request_id, user_id, status, content_prompt, seed, backend, model)
      VALUES ('bob-0', ${bob}, 'failed', 'bob', 0, 'preview', 'test-model')`);
  });
  afterAll(() => database?.close());

  const find = async (userId: string, query: Record<string, unknown>) => {
    const result = await findGenerations({
      db: database.db,
      userId,
      query: findGenerationsQuerySchema.parse(query),
      urlFor: (key) => key,
    });
    return { total: result.total, requests: result.generations.map((g) => g.request_id) };
  };
  const byTimeThenId = (rows: Array<{ request_id: string; created_at: string; id: string }>) =>
    [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at) || (a.id < b.id ? 1 : -1));

  it('orders by time, newest first by default, oldest first on asc, the id breaking ties', async () => {
    const all = await findGenerations({
      db: database.db,
      userId: alice,
      query: findGenerationsQuerySchema.parse({ limit: 100 }),
      urlFor: (key) => key,
    });
    expect(all.total).toBe(6);
    const expected = byTimeThenId(all.generations).map((g) => g.request_id);
    expect(all.generations.map((g) => g.request_id)).toEqual(expected);
    expect(expected.slice(0, 4)).toEqual(['alice-0', 'alice-1', 'alice-2', 'alice-3']);
    const asc = await find(alice, { limit: 100, orderDirection: 'asc' });
    expect(asc.requests).toEqual([...expected].reverse());
  });

  it('orders by status, then time within a status, in both directions', async () => {
    const asc = await find(alice, { orderBy: 'status', orderDirection: 'asc', limit: 100 });
    // Status names in alphabetical order (completed, failed, queued), oldest first within one.
    expect(asc.requests).toEqual([
      'alice-5',
      'alice-3',
      'alice-0',
      'alice-4',
      'alice-1',
      'alice-2',
    ]);
    const desc = await find(alice, { orderBy: 'status', orderDirection: 'desc', limit: 100 });
    expect(desc.requests).toEqual([...asc.requests].reverse());
  });

  it('filters by status, counts the filtered rows, pages them, and never shows another person’s', async () => {
    expect(await find(alice, { status: 'failed' })).toEqual({
      total: 2,
      requests: ['alice-1', 'alice-4'],
    });
    expect(await find(alice, { status: 'completed', limit: 1, offset: 1 })).toEqual({
      total: 3,
      requests: ['alice-3'],
    });
    expect(await find(bob, { status: 'failed' })).toEqual({ total: 1, requests: ['bob-0'] });
    expect(await find(bob, { status: 'completed' })).toEqual({ total: 0, requests: [] });
    expect(await find(alice, { limit: 2, offset: 4 })).toMatchObject({ total: 6 });
  });
});
