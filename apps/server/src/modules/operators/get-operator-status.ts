import { eq, sql } from 'drizzle-orm';
import { operators } from './operators-tables';
import { people } from '../auth/people-repository';
import type { DbHandle } from '../../db/database';

export interface OperatorStatus {
  isOperator: boolean;
  twoFactorEnabled: boolean;
  /** The account's address as stored now (the token's claim may predate a change). */
  email: string;
}

/**
 * Whether a person is an operator: a row in `operators` (`npm run operator -- add`), or a verified
 * address listed in OPERATOR_EMAILS, read at every call so the list applies from each start.
 */
export async function getOperatorStatus(options: {
  db: DbHandle;
  userId: string;
  operatorEmails: readonly string[];
}): Promise<OperatorStatus> {
  const [row] = await options.db
    .select({
      email: people.email,
      emailVerified: people.emailVerified,
      twoFactorEnabled: people.twoFactorEnabled,
      hasRow: sql<boolean>`${operators.userId} is not null`,
    })
    .from(people)
    .leftJoin(operators, eq(operators.userId, people.id))
    .where(eq(people.id, options.userId));
  if (!row) return { isOperator: false, twoFactorEnabled: false, email: '' };
  const listed = row.emailVerified && options.operatorEmails.includes(row.email.toLowerCase());
  return {
    isOperator: row.hasRow || listed,
    twoFactorEnabled: row.twoFactorEnabled,
    email: row.email,
  };
}
