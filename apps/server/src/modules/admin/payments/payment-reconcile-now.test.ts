import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  auditRowsAbout,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../../test/admin-fixture';
import { payments } from '../../billing/billing-tables';
import { insertTestUser } from '../../../../test/insert-test-user';
import {
  insertTestPayment,
  ipnBodyFor,
  readPayment,
  readSubscription,
} from '../../../../test/payments-fixture';
import {
  startFakeNowPayments,
  type FakeNowPayments,
} from '../../../../test/start-fake-nowpayments';
import { readCreditLedger } from '../../../../test/read-credit-ledger';

describe('POST /api/v1/admin/payments/{id}/reconcile', () => {
  let admin: AdminTestContext;
  let provider: FakeNowPayments;

  beforeAll(async () => {
    provider = await startFakeNowPayments();
    admin = await createAdminTestContext({ env: provider.env });
  });
  afterAll(async () => {
    await admin.ctx.close();
    await provider.close();
  });

  const db = () => admin.ctx.database.db;
  const reconcile = (paymentId: string) =>
    apiCall(admin.ctx, admin.operator.token, 'POST', `/admin/payments/${paymentId}/reconcile`);

  it('applies what the provider says through the state machine, granting once, audited with the status before and after', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), {
      userId,
      purpose: 'credits',
      credits: 500,
      status: 'confirming',
      providerPaymentId: 'lost-ipn-1',
    });
    provider.setPayment(ipnBodyFor(order, 'finished', { payment_id: 'lost-ipn-1' }));
    const response = await reconcile(order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: 'applied',
      detail: null,
      previousStatus: 'confirming',
      providerStatus: 'finished',
      payment: { id: order.id, status: 'finished', awaitingReconcile: false },
    });
    expect(provider.calls.at(-1)).toBe('lost-ipn-1');
    const [audit] = await auditRowsAbout(admin.ctx, userId);
    expect(audit).toMatchObject({
      action: 'payment_reconcile',
      operatorId: admin.operator.userId,
      before: { paymentId: order.id, status: 'confirming' },
      after: { paymentId: order.id, status: 'finished', outcome: 'applied' },
    });

    // Asking again about the finished payment grants nothing twice.
    const again = await reconcile(order.id);
    expect(again.json()).toMatchObject({ outcome: 'unchanged', previousStatus: 'finished' });
    const { balance, entries } = await readCreditLedger(db(), userId);
    expect([balance, entries.length]).toEqual([500, 1]);
    const audits = await auditRowsAbout(admin.ctx, userId);
    expect(audits.map((row) => row.after)).toEqual([
      { paymentId: order.id, status: 'finished', outcome: 'unchanged' },
      { paymentId: order.id, status: 'finished', outcome: 'applied' },
    ]);
  });

  it('a finished plan asked about once more keeps its one period', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), {
      userId,
      status: 'sending',
      providerPaymentId: 'plan-7',
      pendingOnSubscription: true,
    });
    provider.setPayment(ipnBodyFor(order, 'finished', { payment_id: 'plan-7' }));
    expect((await reconcile(order.id)).json().outcome).toBe('applied');
    const period = (await readSubscription(db(), userId))?.expiresAt;
    // The row says sending again (as if the tick raced it): the claim refuses the second finish.
    await db().update(payments).set({ status: 'sending' }).where(eq(payments.id, order.id));
    expect((await reconcile(order.id)).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await readSubscription(db(), userId))?.expiresAt).toEqual(period);
  });

  it('says so when the provider names another order or disagrees on the price, and changes nothing', async () => {
    const userId = await insertTestUser(db());
    const order = await insertTestPayment(db(), {
      userId,
      status: 'waiting',
      providerPaymentId: 'cheap-1',
    });
    provider.setPayment(ipnBodyFor(order, 'finished', { payment_id: 'cheap-1', price_amount: 1 }));
    expect((await reconcile(order.id)).json()).toMatchObject({
      outcome: 'rejected',
      detail: 'amount_mismatch',
      payment: { status: 'waiting' },
    });
    provider.setPayment(ipnBodyFor(order, 'finished', { payment_id: 'cheap-1', order_id: 'x' }));
    expect((await reconcile(order.id)).json().outcome).toBe('other_order');
    expect((await readPayment(db(), order.id)).grantedAt).toBeNull();
  });

  it('refuses a payment without a provider payment, answers 503 when the provider is down, 404 for none', async () => {
    const userId = await insertTestUser(db());
    const unpaid = await insertTestPayment(db(), { userId, status: 'waiting' });
    const refused = await reconcile(unpaid.id);
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'PAYMENT_NOT_RECONCILABLE']);
    const unknown = await insertTestPayment(db(), {
      userId,
      status: 'waiting',
      providerPaymentId: 'never-heard-of-it',
    });
    const down = await reconcile(unknown.id);
    expect([down.statusCode, down.json().error]).toEqual([503, 'PAYMENT_PROVIDER_UNAVAILABLE']);
    expect(await auditRowsAbout(admin.ctx, userId)).toEqual([]);
    const missing = await reconcile('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });
});
