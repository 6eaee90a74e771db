import { randomUUID } from 'node:crypto';
import type { AppDb } from '../src/db/database';
import { creditTransactions } from '../src/modules/credits/credits-tables';
import { generations } from '../src/modules/generations/generations-tables';
import { payments } from '../src/modules/billing/billing-tables';
import { TEST_MODEL_ID } from './test-models';

const ago = (ms: number) => new Date(Date.now() - ms);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * A known state for the overview: 2 queued and 1 running image (no wait), 3 completed first
 * claims that waited 2, 4 and 10 s, failures inside and outside the last 24 h, granted payments inside and
 * outside the last 30 days, and admin ledger rows.
 */
export async function seedOverview(db: AppDb, userId: string) {
  const image = (status: 'queued' | 'processing' | 'completed' | 'failed', extra = {}) => ({
    requestId: randomUUID(),
    userId,
    contentPrompt: 'an owl',
    model: TEST_MODEL_ID,
    status,
    ...extra,
  });
  const done = (waitS: number) => {
    const startedAt = ago(2 * MINUTE);
    return image('completed', {
      attempts: 1,
      createdAt: new Date(startedAt.getTime() - waitS * 1000),
      startedAt,
      completedAt: ago(MINUTE / 2),
    });
  };
  const now = new Date();
  await db.insert(generations).values([
    image('queued'),
    image('queued'),
    image('processing', { attempts: 1, createdAt: now, startedAt: now }),
    done(2),
    done(4),
    done(10),
    // Grouped by kind, with the latest engine's words for it.
    image('failed', {
      error: 'Image generation failed. Please try again.',
      failureKind: 'unreachable',
      failureDetail: 'Cannot reach ComfyUI at http://gpu:8188/prompt (ECONNREFUSED)',
      completedAt: ago(MINUTE / 2),
    }),
    image('failed', {
      error: 'Image generation failed. Please try again.',
      failureKind: 'unreachable',
      failureDetail: 'Cannot reach ComfyUI at http://gpu:8188/prompt (ETIMEDOUT)',
      completedAt: ago(3 * 60 * MINUTE),
    }),
    // Failed before kinds were kept: by the person's sentence.
    image('failed', { error: 'error', completedAt: ago(3 * 60 * MINUTE) }),
    image('failed', { error: 'abandoned', completedAt: ago(2 * DAY) }),
  ]);
  const pay = (purpose: 'subscription' | 'credits', price: string, currency: string, at: Date) => ({
    userId,
    purpose,
    orderId: `order-${randomUUID()}`,
    priceAmount: price,
    priceCurrency: currency,
    status: 'finished' as const,
    grantedAt: at,
    ...(purpose === 'subscription'
      ? { plan: 'monthly' as const }
      : { packageId: 'p', credits: 50 }),
  });
  await db
    .insert(payments)
    .values([
      pay('subscription', '29.00', 'usd', ago(DAY)),
      pay('credits', '14.99', 'usd', ago(2 * DAY)),
      pay('credits', '9.50', 'eur', ago(3 * DAY)),
      pay('credits', '99.00', 'usd', ago(40 * DAY)),
      { ...pay('credits', '5.00', 'usd', ago(DAY)), status: 'waiting' as const, grantedAt: null },
    ]);
  const ledger = (amount: number, reason: 'admin_grant' | 'admin_debit', at: Date) => ({
    userId,
    amount,
    reason,
    idempotencyKey: randomUUID(),
    createdAt: at,
  });
  await db
    .insert(creditTransactions)
    .values([
      ledger(40, 'admin_grant', ago(DAY)),
      ledger(2, 'admin_grant', ago(DAY)),
      ledger(-7, 'admin_debit', ago(DAY)),
      ledger(1000, 'admin_grant', ago(31 * DAY)),
    ]);
}
