import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIpnDeliveries, payments } from '../modules/billing/billing-tables';
import { subscriptions } from '../modules/subscriptions/subscriptions-tables';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { waitFor } from '../../test/generation-worker-harness';
import { insertTestUser } from '../../test/insert-test-user';
import { readOutbox } from '../../test/read-outbox';
import { insertTestPayment, ipnBodyFor, readSubscription } from '../../test/payments-fixture';
import { startFakeNowPayments, type FakeNowPayments } from '../../test/start-fake-nowpayments';
import { hasPremiumAccess } from '../modules/subscriptions/has-premium-access';
import { createPaymentsJobHandler } from './payments-job-handler';
import { startWorker } from './start-worker';

describe('payments job handler', () => {
  let ctx: TestApp;
  let provider: FakeNowPayments;

  beforeAll(async () => {
    provider = await startFakeNowPayments();
    ctx = await createTestApp({ env: provider.env });
  });
  afterAll(async () => {
    await ctx.close();
    await provider.close();
  });

  it('on every tick grants payments whose IPN was lost, expires lapsed plans and reminds of renewals, until stopped', async () => {
    const db = ctx.database.db;
    const payer = await insertTestUser(db);
    const order = await insertTestPayment(db, {
      userId: payer,
      status: 'waiting',
      providerPaymentId: 'tick-1',
      pendingOnSubscription: true,
    });
    await db
      .update(payments)
      .set({ updatedAt: sql`now() - interval '5 minutes'` })
      .where(eq(payments.id, order.id));
    provider.setPayment(ipnBodyFor(order, 'finished', { payment_id: 'tick-1' }));
    const lapsed = await insertTestUser(db);
    const endingSoon = await insertTestUser(db);
    await db.insert(subscriptions).values({
      userId: endingSoon,
      plan: 'monthly',
      status: 'active',
      expiresAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
    });
    const worker = startWorker({
      database: ctx.database,
      logger: ctx.app.log,
      handlers: [
        createPaymentsJobHandler({
          unitOfWork: ctx.app.unitOfWork,
          client: ctx.app.payments.client,
          intervalMs: 50,
          ipnAuditRetentionDays: 90,
          notices: { mailer: ctx.app.mailer, publicUrl: 'https://nocturne.example' },
        }),
      ],
    });
    try {
      await waitFor(() => hasPremiumAccess({ tx: db, userId: payer }));
      // The plan lapses after the first tick: a later one must expire it.
      await db
        .insert(subscriptions)
        .values({ userId: lapsed, plan: 'monthly', status: 'active', expiresAt: new Date() });
      await waitFor(async () => (await readSubscription(db, lapsed))?.status === 'expired');
      // An IPN audit row past IPN_AUDIT_RETENTION_DAYS goes on a later tick.
      const [stale] = await db
        .insert(paymentIpnDeliveries)
        .values({
          signatureValid: false,
          outcome: 'unverified',
          receivedAt: sql`now() - interval '91 days'`,
        })
        .returning({ id: paymentIpnDeliveries.id });
      const auditRow = () =>
        db.select().from(paymentIpnDeliveries).where(eq(paymentIpnDeliveries.id, stale!.id));
      await waitFor(async () => (await auditRow()).length === 0);
      await waitFor(
        async () => (await readOutbox(ctx.env.DATA_DIR, `${endingSoon}@example.com`)).length > 0,
      );
    } finally {
      await worker.stop();
    }
    expect((await readSubscription(db, payer))?.status).toBe('active');
    const reminders = await readOutbox(ctx.env.DATA_DIR, `${endingSoon}@example.com`);
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toContain('https://nocturne.example/subscription');
  });
});
