import {
  OVERVIEW_FAILURES_HOURS,
  OVERVIEW_JOBS_MINUTES,
  OVERVIEW_MONEY_DAYS,
} from '@nocturne/contract/admin/overview';
import type { CreditReason } from '@nocturne/contract/credits/get-credit-history';
import { and, count, eq, gt, gte, isNotNull, sql } from 'drizzle-orm';
import { user } from '../../../db/auth-schema';
import { creditTransactions } from '../../../db/credits-schema';
import type { DbHandle } from '../../../db/database';
import { generations } from '../../../db/generations-schema';
import { payments, subscriptions } from '../../../db/payments-schema';
import { workerModels } from '../../../db/worker-models-schema';
import { seenWithin } from '../../models/model-liveness';
import { premiumAccessCondition } from '../../subscriptions/has-premium-access';

const ago = (amount: number, unit: string) => sql`now() - ${`${amount} ${unit}`}::interval`;

/** Seconds from submit to first claim, per model, over the last hour's first claims. */
export function readWaits(db: DbHandle) {
  const wait = sql`extract(epoch from ${generations.startedAt} - ${generations.createdAt})`;
  return db
    .select({
      model: generations.model,
      p50: sql<number>`percentile_cont(0.5) within group (order by ${wait})`.mapWith(Number),
      p95: sql<number>`percentile_cont(0.95) within group (order by ${wait})`.mapWith(Number),
    })
    .from(generations)
    .where(
      and(
        gt(generations.startedAt, ago(1, 'hours')),
        eq(generations.attempts, 1),
        eq(generations.retryCount, 0),
      ),
    )
    .groupBy(generations.model);
}

/** Workers with a heartbeat within `boundMs`, per model. */
export function readWorkers(db: DbHandle, boundMs: number) {
  return db
    .select({ model: workerModels.model, workers: count().mapWith(Number) })
    .from(workerModels)
    .where(seenWithin(boundMs))
    .groupBy(workerModels.model);
}

/** Images that finished in each of the last minutes, per minute start (database clock). */
export function readJobMinutes(db: DbHandle) {
  const minute = sql<string>`date_trunc('minute', ${generations.completedAt})`;
  return db
    .select({
      minute: sql<string>`to_char(${minute} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:00"Z"')`,
      completed: sql<number>`count(*) filter (where ${generations.status} = 'completed')`.mapWith(
        Number,
      ),
      failed: sql<number>`count(*) filter (where ${generations.status} = 'failed')`.mapWith(Number),
    })
    .from(generations)
    .where(
      gte(
        generations.completedAt,
        sql`date_trunc('minute', now()) - ${`${OVERVIEW_JOBS_MINUTES - 1} minutes`}::interval`,
      ),
    )
    .groupBy(minute);
}

/**
 * Failed images of the window by kind (failure-kinds.ts) with the latest engine's words for each,
 * the most frequent first; failures kept without a kind count by the person's sentence.
 */
export function readFailures(db: DbHandle) {
  const reason = sql<string>`coalesce(${generations.failureKind}, ${generations.error}, 'unknown')`;
  const detail = sql<
    string | null
  >`(array_agg(${generations.failureDetail} order by ${generations.completedAt} desc) filter (where ${generations.failureDetail} is not null))[1]`;
  return db
    .select({ reason, detail, count: count().mapWith(Number) })
    .from(generations)
    .where(
      and(
        eq(generations.status, 'failed'),
        gt(generations.completedAt, ago(OVERVIEW_FAILURES_HOURS, 'hours')),
      ),
    )
    .groupBy(reason)
    .orderBy(sql`count(*) desc`)
    .limit(10);
}

export async function readPeople(db: DbHandle) {
  const [signUps] = await db
    .select({ count: count().mapWith(Number) })
    .from(user)
    .where(
      gte(user.createdAt, sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`),
    );
  const premium = await db
    .select({ plan: subscriptions.plan, count: count().mapWith(Number) })
    .from(subscriptions)
    .where(premiumAccessCondition(new Date()))
    .groupBy(subscriptions.plan);
  const of = (plan: string) => premium.find((row) => row.plan === plan)?.count ?? 0;
  return {
    sign_ups_today: signUps?.count ?? 0,
    premium_monthly: of('monthly'),
    premium_lifetime: of('lifetime'),
  };
}

/** Granted payments over the money window by currency, with how many were credit packs. */
export function readRevenue(db: DbHandle) {
  return db
    .select({
      currency: payments.priceCurrency,
      amount: sql<string>`sum(${payments.priceAmount})::text`,
      payments: count().mapWith(Number),
      packs: sql<number>`count(*) filter (where ${payments.purpose} = 'credits')`.mapWith(Number),
    })
    .from(payments)
    .where(
      and(isNotNull(payments.grantedAt), gt(payments.grantedAt, ago(OVERVIEW_MONEY_DAYS, 'days'))),
    )
    .groupBy(payments.priceCurrency)
    .orderBy(payments.priceCurrency);
}

export function readCredits(db: DbHandle) {
  return db
    .select({
      reason: sql<CreditReason>`${creditTransactions.reason}`,
      amount: sql<number>`sum(${creditTransactions.amount})`.mapWith(Number),
    })
    .from(creditTransactions)
    .where(gt(creditTransactions.createdAt, ago(OVERVIEW_MONEY_DAYS, 'days')))
    .groupBy(creditTransactions.reason)
    .orderBy(creditTransactions.reason);
}
