import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { paymentIpnDeliveries, payments } from './billing-tables';
import { subscriptions } from '../subscriptions/subscriptions-tables';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { insertTestUser } from '../../../test/insert-test-user';
import {
  capturePublished,
  insertTestPayment,
  ipnBodyFor,
  readPayment,
  readSubscription,
} from '../../../test/payments-fixture';
import { startFakeNowPayments, type FakeNowPayments } from '../../../test/start-fake-nowpayments';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { hasPremiumAccess } from '../subscriptions/has-premium-access';
import { tryLockPaymentsTick } from './lock-payments-tick';
import { reconcilePayments } from './reconcile-payments';

describe('payments reconciliation', () => {
  let ctx: TestApp;
  let other: TestApp;
  let provider: FakeNowPayments;

  beforeAll(async () => {
    provider = await startFakeNowPayments();
    ctx = await createTestApp({ env: provider.env });
    // A second process on the same database.
    other = await createTestApp({ database: ctx.database, env: provider.env });
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
    await provider.close();
  });

  const db = () => ctx.database.db;
  const reconcile = (app = ctx.app) =>
    reconcilePayments({
      unitOfWork: app.unitOfWork,
      client: app.payments.client,
      logger: app.log,
      ipnAuditRetentionDays: 90,
      recheckAfterMs: 0,
    });

  it('grants a payment whose finished IPN was lost', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), {
      userId,
      status: 'confirming',
      providerPaymentId: 'lost-1',
      pendingOnSubscription: true,
    });
    provider.setPayment(ipnBodyFor(order, 'finished', { payment_id: 'lost-1' }));
    const result = await reconcile();
    expect(result.applied).toBeGreaterThanOrEqual(1);
    expect((await readPayment(db(), order.id)).status).toBe('finished');
    expect(await hasPremiumAccess({ tx: db(), userId })).toBe(true);
    expect((await readSubscription(db(), userId))?.pendingPaymentId).toBeNull();
  });

  it('leaves a payment the provider still reports as open, and one it cannot find', async () => {
    const userId = await insertTestUser(db());
    const open = await insertTestPayment(db(), { userId, providerPaymentId: 'still-waiting' });
    provider.setPayment(ipnBodyFor(open, 'waiting', { payment_id: 'still-waiting' }));
    const unknown = await insertTestPayment(db(), {
      userId,
      status: 'sending',
      providerPaymentId: 'unknown-to-provider',
    });
    await reconcile();
    expect((await readPayment(db(), open.id)).status).toBe('waiting');
    expect((await readPayment(db(), unknown.id)).status).toBe('sending');
  });

  it('two reconcilers on one database: one asks the provider, the pack is granted once', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), {
      userId,
      purpose: 'credits',
      credits: 500,
      priceAmount: '29.99',
      status: 'sending',
      providerPaymentId: 'pack-1',
    });
    await db()
      .update(payments)
      .set({ updatedAt: sql`now() - interval '5 minutes'` })
      .where(eq(payments.id, order.id));
    provider.setPayment(ipnBodyFor(order, 'finished', { payment_id: 'pack-1' }));
    const publishedHere = capturePublished(ctx.app);
    const publishedThere = capturePublished(other.app);
    const tick = (app: TestApp['app']) =>
      reconcilePayments({
        unitOfWork: app.unitOfWork,
        client: app.payments.client,
        logger: app.log,
        ipnAuditRetentionDays: 90,
        recheckAfterMs: 60_000,
      });
    const results = await Promise.all([tick(ctx.app), tick(other.app), tick(ctx.app)]);
    expect(results.reduce((sum, result) => sum + result.checked, 0)).toBe(1);
    expect(provider.calls.filter((id) => id === 'pack-1')).toHaveLength(1);
    const ledger = await readCreditLedger(db(), userId);
    expect(ledger.entries.filter((entry) => entry.reason === 'topup')).toHaveLength(1);
    expect(ledger.balance).toBe(500);
    const credited = [...publishedHere, ...publishedThere].filter(
      (event) => event.event === 'credit_updated',
    );
    expect(credited).toEqual([
      { channel: `credits:${userId}`, event: 'credit_updated', payload: { balance: 500 } },
    ]);
  });

  it('the state machine grants once even when reconcilers re-ask about the same payment', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), {
      userId,
      purpose: 'credits',
      credits: 200,
      status: 'confirmed',
      providerPaymentId: 'pack-2',
    });
    provider.setPayment(ipnBodyFor(order, 'finished', { payment_id: 'pack-2' }));
    // recheckAfterMs 0: every tick claims the row again; only the (payment, status) claim holds.
    await Promise.all([reconcile(ctx.app), reconcile(other.app), reconcile(ctx.app)]);
    await reconcile(other.app);
    const ledger = await readCreditLedger(db(), userId);
    expect(ledger.entries.filter((entry) => entry.reason === 'topup')).toHaveLength(1);
    expect(ledger.balance).toBe(200);
  });

  it.runIf(inject('databaseKind') === 'postgres')(
    'a tick skips while another process holds the schedule',
    async () => {
      const userId = await insertTestUser(db());
      const order = await insertTestPayment(db(), {
        userId,
        status: 'confirming',
        providerPaymentId: 'held-1',
        pendingOnSubscription: true,
      });
      provider.setPayment(ipnBodyFor(order, 'finished', { payment_id: 'held-1' }));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const holder = db().transaction(async (tx) => {
        expect(await tryLockPaymentsTick(tx)).toBe(true);
        locked();
        await released;
      });
      await holding;
      const skipped = await reconcile(other.app);
      release();
      await holder;
      expect(skipped).toEqual({
        ran: false,
        checked: 0,
        applied: 0,
        expiredSubscriptions: 0,
        deletedPayments: 0,
        deletedIpnDeliveries: 0,
      });
      expect(await hasPremiumAccess({ tx: db(), userId })).toBe(false);
      expect((await reconcile(other.app)).applied).toBe(1);
      expect(await hasPremiumAccess({ tx: db(), userId })).toBe(true);
    },
  );

  it('expires lapsed monthly plans and deletes checkout rows abandoned before the invoice', async () => {
    const userId = await insertTestUser(db());
    await db()
      .insert(subscriptions)
      .values({
        userId,
        plan: 'monthly',
        status: 'active',
        expiresAt: new Date(Date.now() - 1000),
      });
    const abandoned = await insertTestPayment(db(), { userId, status: 'creating' });
    await db()
      .update(payments)
      .set({ invoiceId: null, createdAt: sql`now() - interval '2 hours'` })
      .where(eq(payments.id, abandoned.id));
    const fresh = await insertTestPayment(db(), { userId, status: 'creating' });
    await db().update(payments).set({ invoiceId: null }).where(eq(payments.id, fresh.id));

    const result = await reconcile();
    expect(result.expiredSubscriptions).toBe(1);
    expect((await readSubscription(db(), userId))?.status).toBe('expired');
    const left = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.userId, userId));
    expect(left.map((row) => row.id)).toEqual([fresh.id]);
  });

  it('deletes IPN audit rows past IPN_AUDIT_RETENTION_DAYS once, however many reconcilers tick', async () => {
    const audit = (outcome: string, daysAgo: number) => ({
      signatureValid: false,
      outcome,
      statusCode: 401,
      receivedAt: sql`now() - ${`${daysAgo} days`}::interval`,
    });
    await db()
      .insert(paymentIpnDeliveries)
      .values([
        audit('retention:old-1', 91),
        audit('retention:old-2', 400),
        audit('retention:kept', 89),
      ]);
    const results = await Promise.all([reconcile(ctx.app), reconcile(other.app)]);
    expect(results.reduce((sum, result) => sum + result.deletedIpnDeliveries, 0)).toBe(2);
    const left = await db()
      .select({ outcome: paymentIpnDeliveries.outcome })
      .from(paymentIpnDeliveries)
      .where(sql`${paymentIpnDeliveries.outcome} like 'retention:%'`);
    expect(left.map((row) => row.outcome)).toEqual(['retention:kept']);
  });
});
