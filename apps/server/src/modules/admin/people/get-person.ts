import { PERSON_RECENT_ROWS, type GetPersonResponse } from '@nocturne/contract/admin/get-person';
import { desc, eq } from 'drizzle-orm';
import { adminAudit } from '../../../db/admin-schema';
import { session, user } from '../../../db/auth-schema';
import { creditTransactions } from '../../../db/credits-schema';
import type { DbHandle } from '../../../db/database';
import { generations } from '../../../db/generations-schema';
import { promptRefusals } from '../../../db/moderation-schema';
import { payments, subscriptions } from '../../../db/payments-schema';
import { AppError } from '../../../lib/app-error';
import { toAdminAuditEntry } from '../find-admin-audit';
import { getOperatorStatus } from '../get-operator-status';
import { selectPeople } from './find-people';

const iso = (date: Date) => date.toISOString();

/** GET /api/v1/admin/users/{id}: the person and the newest PERSON_RECENT_ROWS of each list. */
export async function getPerson(options: {
  db: DbHandle;
  userId: string;
  /** OPERATOR_EMAILS, lower-cased: whether the person is an operator. */
  operatorEmails: readonly string[];
}): Promise<GetPersonResponse> {
  const { db, userId, operatorEmails } = options;
  const [person] = await selectPeople(db, eq(user.id, userId), { limit: 1, offset: 0 });
  if (!person) throw new AppError('NOT_FOUND');
  const recent = PERSON_RECENT_ROWS;
  const [account, plan, ledger, jobs, paid, refusals, sessions, audit] = await Promise.all([
    getOperatorStatus({ db, userId, operatorEmails }),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.userId, userId))
      .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
      .limit(recent),
    db
      .select()
      .from(generations)
      .where(eq(generations.userId, userId))
      .orderBy(desc(generations.createdAt), desc(generations.id))
      .limit(recent),
    db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(recent),
    db
      .select()
      .from(promptRefusals)
      .where(eq(promptRefusals.userId, userId))
      .orderBy(desc(promptRefusals.createdAt), desc(promptRefusals.id))
      .limit(recent),
    db
      .select()
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(desc(session.createdAt))
      .limit(recent),
    db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetUserId, userId))
      .orderBy(desc(adminAudit.id))
      .limit(recent),
  ]);
  const subscription = plan[0];
  return {
    person,
    isOperator: account.isOperator,
    twoFactorEnabled: account.twoFactorEnabled,
    subscription: subscription
      ? {
          plan: subscription.plan,
          status: subscription.status,
          isLifetime: subscription.isLifetime,
          expiresAt: subscription.expiresAt ? iso(subscription.expiresAt) : null,
        }
      : null,
    ledger: ledger.map((row) => ({
      ...pick(row, ['id', 'amount', 'reason']),
      createdAt: iso(row.createdAt),
    })),
    generations: jobs.map((row) => ({
      ...pick(row, [
        'id',
        'status',
        'model',
        'contentPrompt',
        'error',
        'failureKind',
        'failureDetail',
      ]),
      createdAt: iso(row.createdAt),
    })),
    payments: paid.map((row) => ({
      ...pick(row, ['id', 'purpose', 'status', 'priceAmount', 'priceCurrency']),
      createdAt: iso(row.createdAt),
    })),
    refusals: refusals.map((row) => ({
      ...pick(row, ['id', 'contentPrompt', 'rule', 'matchedTerms']),
      createdAt: iso(row.createdAt),
    })),
    sessions: sessions.map((row) => ({
      ...pick(row, ['id', 'ipAddress', 'userAgent']),
      createdAt: iso(row.createdAt),
      lastSeenAt: iso(row.updatedAt),
      expiresAt: iso(row.expiresAt),
    })),
    audit: audit.map(toAdminAuditEntry),
  };
}

function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
}
