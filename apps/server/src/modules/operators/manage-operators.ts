import { asc, eq } from 'drizzle-orm';
import { operators } from './operators-tables';
import { findPersonIdByEmail, people, readSignInStandingByEmail } from '../auth/people-repository';
import type { DbHandle } from '../../db/database';
import { recordAdminAction } from '../admin-audit/admin-audit-repository';

/** Who the audit names for a change made from the shell (`npm run operator`), not the console. */
export const SHELL_OPERATOR = { id: 'shell', email: 'npm run operator' } as const;

export class OperatorCommandError extends Error {}

async function findUserIdByEmail(db: DbHandle, email: string): Promise<string> {
  const id = await findPersonIdByEmail(db, email);
  if (!id) throw new OperatorCommandError(`No account uses ${email}; sign up first.`);
  return id;
}

/** `npm run operator -- add <email>`: true when the person was not an operator row yet. */
export async function addOperator(db: DbHandle, email: string): Promise<boolean> {
  const userId = await findUserIdByEmail(db, email);
  return db.transaction(async (tx) => {
    const added = await tx.insert(operators).values({ userId }).onConflictDoNothing().returning();
    if (added.length === 0) return false;
    await recordAdminAction(tx, {
      operator: SHELL_OPERATOR,
      action: 'operator_add',
      targetUserId: userId,
      reason: null,
      before: { operator: false },
      after: { operator: true },
    });
    return true;
  });
}

/**
 * `npm run operator -- remove <email>`: true when a row went. An address in OPERATOR_EMAILS stays
 * an operator until it leaves that list.
 */
export async function removeOperator(db: DbHandle, email: string): Promise<boolean> {
  const userId = await findUserIdByEmail(db, email);
  return db.transaction(async (tx) => {
    const removed = await tx.delete(operators).where(eq(operators.userId, userId)).returning();
    if (removed.length === 0) return false;
    await recordAdminAction(tx, {
      operator: SHELL_OPERATOR,
      action: 'operator_remove',
      targetUserId: userId,
      reason: null,
      before: { operator: true },
      after: { operator: false },
    });
    return true;
  });
}

export interface ListedOperator {
  email: string;
  source: 'added' | 'OPERATOR_EMAILS';
  /** False for a listed address nobody has signed up (and verified) with yet. */
  hasAccount: boolean;
  twoFactorEnabled: boolean;
}

/** `npm run operator -- list`: the added operators, then OPERATOR_EMAILS' addresses. */
export async function listOperators(
  db: DbHandle,
  operatorEmails: readonly string[],
): Promise<ListedOperator[]> {
  const added = await db
    .select({ email: people.email, twoFactorEnabled: people.twoFactorEnabled })
    .from(operators)
    .innerJoin(people, eq(people.id, operators.userId))
    .orderBy(asc(operators.addedAt));
  const listed = await Promise.all(
    operatorEmails.map(async (email) => {
      const row = await readSignInStandingByEmail(db, email);
      return {
        email,
        source: 'OPERATOR_EMAILS' as const,
        hasAccount: row?.verified ?? false,
        twoFactorEnabled: row?.twoFactorEnabled ?? false,
      };
    }),
  );
  return [
    ...added.map((row) => ({ ...row, source: 'added' as const, hasAccount: true })),
    ...listed,
  ];
}
