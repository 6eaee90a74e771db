import { PERSON_RECENT_ROWS, type GetPersonResponse } from '@nocturne/contract/admin/get-person';
import { eq } from 'drizzle-orm';
import type { DbHandle } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { readRecentAuditRowsAbout } from '../../admin-audit/admin-audit-repository';
import { toAdminAuditEntry } from '../../admin-audit/find-admin-audit';
import { people, readRecentSessions } from '../../auth/people-repository';
import { readRecentLedger } from '../../credits/repository/person-credits';
import { readRecentGenerations } from '../../generations/repository/person-generations';
import { readRecentPayments } from '../../billing/payments-repository';
import { readRecentRefusals } from '../../moderation/refusals-repository';
import { getOperatorStatus } from '../../operators/get-operator-status';
import { readSubscription } from '../../subscriptions/subscriptions-repository';
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
  const [person] = await selectPeople(db, eq(people.id, userId), { limit: 1, offset: 0 });
  if (!person) throw new AppError('NOT_FOUND');
  const recent = PERSON_RECENT_ROWS;
  const [account, subscription, ledger, jobs, paid, refusals, sessions, audit] = await Promise.all([
    getOperatorStatus({ db, userId, operatorEmails }),
    readSubscription(db, userId),
    readRecentLedger(db, userId, recent),
    readRecentGenerations(db, userId, recent),
    readRecentPayments(db, userId, recent),
    readRecentRefusals(db, userId, recent),
    readRecentSessions(db, userId, recent),
    readRecentAuditRowsAbout(db, userId, recent),
  ]);
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
