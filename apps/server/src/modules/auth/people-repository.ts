import { and, count, desc, eq, gte, ne, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbHandle } from '../../db/database';
import { toExportRecord } from '../../db/to-export-record';
import { account, session, user } from './auth-tables';

/**
 * The people (better-auth's `user` table) as other modules' statements read them beside their own
 * rows: a read-only view of the columns they show, under the table's own name, so a statement
 * that joins it reads as one that joins the table. Writes stay in this module.
 */
export const people = new QueryBuilder()
  .select({
    id: user.id,
    email: user.email,
    name: user.name,
    username: user.username,
    emailVerified: user.emailVerified,
    twoFactorEnabled: user.twoFactorEnabled,
    createdAt: user.createdAt,
  })
  .from(user)
  .as('user');

/** The id of the person whose address is `who` (any case), as an expression; null when none. */
export function personIdByEmail(who: string): SQL {
  return sql`(select ${user.id} from ${user} where lower(${user.email}) = lower(${who}))`;
}

/**
 * Locks the person's row until the transaction ends, so a concurrent save, submit or change of
 * theirs waits; false when there is no such person.
 */
export async function lockPerson(tx: DbHandle, userId: string): Promise<boolean> {
  const locked = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(user.id, userId))
    .for('update');
  return locked.length > 0;
}

/**
 * Locks the person's row like lockPerson and answers whether their address is verified;
 * undefined when there is no such person.
 */
export async function lockPersonVerified(
  tx: DbHandle,
  userId: string,
): Promise<{ emailVerified: boolean } | undefined> {
  const [row] = await tx
    .select({ emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId))
    .for('update');
  return row;
}

/** Deletes the person's row, which cascades to everything that references it. */
export async function deletePerson(tx: DbHandle, userId: string): Promise<void> {
  await tx.delete(user).where(eq(user.id, userId));
}

export async function personExists(db: DbHandle, userId: string): Promise<boolean> {
  const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  return exists !== undefined;
}

/** The id of the account that uses `email` (compared lower-cased); undefined when none does. */
export async function findPersonIdByEmail(
  db: DbHandle,
  email: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return row?.id;
}

/** Whether the account that uses `email` (already lower-cased) is verified and has two-factor. */
export async function readSignInStandingByEmail(db: DbHandle, email: string) {
  const [row] = await db
    .select({ twoFactorEnabled: user.twoFactorEnabled, verified: user.emailVerified })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email));
  return row;
}

/** When the person confirmed they are 18 or older; undefined when there is no such person. */
export async function readAgeConfirmedAt(
  db: DbHandle,
  userId: string,
): Promise<{ ageConfirmedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ ageConfirmedAt: user.ageConfirmedAt })
    .from(user)
    .where(eq(user.id, userId));
  return row;
}

/** Whether another account than `userId` already uses `username` (compared case-insensitively). */
export async function isUsernameTaken(
  db: DbHandle,
  username: string,
  userId: string,
): Promise<boolean> {
  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(sql`lower(${user.username}) = lower(${username})`, ne(user.id, userId)));
  return taken !== undefined;
}

/** Sets the person's display name and handle, whichever is given. */
export async function renamePerson(
  db: DbHandle,
  userId: string,
  change: { name?: string; username?: string },
): Promise<void> {
  await db
    .update(user)
    .set({
      ...(change.name !== undefined && { name: change.name }),
      ...(change.username !== undefined && { username: change.username }),
    })
    .where(eq(user.id, userId));
}

/** Ends every session of the person; answers how many there were. */
export async function deletePersonSessions(tx: DbHandle, userId: string): Promise<number> {
  const ended = await tx
    .delete(session)
    .where(eq(session.userId, userId))
    .returning({ id: session.id });
  return ended.length;
}

/** The person's latest sessions, newest first (the console's person page). */
export function readRecentSessions(db: DbHandle, userId: string, limit: number) {
  return db
    .select()
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(desc(session.createdAt))
    .limit(limit);
}

/**
 * The person's account in their export: the profile, the sign-in accounts and the sessions,
 * without the secrets (password hashes, provider tokens, session tokens); undefined when the
 * person is gone.
 */
export async function exportAccountOf(db: DbHandle, userId: string) {
  const [profile] = await db.select().from(user).where(eq(user.id, userId));
  if (!profile) return undefined;
  const accounts = await db.select().from(account).where(eq(account.userId, userId));
  const sessions = await db.select().from(session).where(eq(session.userId, userId));
  return {
    profile: toExportRecord(user, profile),
    accounts: accounts.map((row) =>
      toExportRecord(account, row, ['password', 'accessToken', 'refreshToken', 'idToken']),
    ),
    sessions: sessions.map((row) => toExportRecord(session, row, ['token'])),
  };
}

/** Accounts created since midnight UTC (the console's overview). */
export async function countSignUpsToday(db: DbHandle): Promise<number> {
  const [signUps] = await db
    .select({ count: count().mapWith(Number) })
    .from(user)
    .where(
      gte(user.createdAt, sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`),
    );
  return signUps?.count ?? 0;
}
