import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user } from './auth-tables';
import type { Database } from '../../db/database';
import { openTestDatabase } from '../../../test/open-test-database';
import {
  deleteExpiredUnverifiedAccounts,
  UNVERIFIED_ACCOUNT_TTL_MS,
} from './delete-expired-unverified-accounts';

describe('deleteExpiredUnverifiedAccounts', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('deletes only accounts left unverified past the time limit', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const longAgo = new Date(now.getTime() - UNVERIFIED_ACCOUNT_TTL_MS - 1000);
    const recently = new Date(now.getTime() - UNVERIFIED_ACCOUNT_TTL_MS + 60_000);
    const account = (emailVerified: boolean, createdAt: Date) => ({
      id: randomUUID(),
      name: 'Someone',
      email: `${randomUUID()}@example.com`,
      emailVerified,
      ageConfirmedAt: createdAt,
      createdAt,
      updatedAt: createdAt,
    });
    const abandoned = account(false, longAgo);
    const pending = account(false, recently);
    const verifiedLongAgo = account(true, longAgo);
    await database.db.insert(user).values([abandoned, pending, verifiedLongAgo]);

    expect(await deleteExpiredUnverifiedAccounts({ db: database.db, now })).toBe(1);
    const left = await database.db
      .select({ id: user.id })
      .from(user)
      .where(inArray(user.id, [abandoned.id, pending.id, verifiedLongAgo.id]));
    expect(left.map((row) => row.id).sort()).toEqual([pending.id, verifiedLongAgo.id].sort());
    expect(await deleteExpiredUnverifiedAccounts({ db: database.db, now })).toBe(0);
  });
});
