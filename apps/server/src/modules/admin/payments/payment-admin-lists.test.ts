import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../../test/admin-fixture';
import { insertTestUser } from '../../../../test/insert-test-user';
import { payments } from '../../billing/billing-tables';
import {
  insertTestPayment,
  ipnBodyFor,
  postIpn,
  type TestOrder,
} from '../../../../test/payments-fixture';
import {
  startFakeNowPayments,
  type FakeNowPayments,
} from '../../../../test/start-fake-nowpayments';

describe('GET /api/v1/admin/payments, /payments/{id} and /subscriptions', () => {
  let admin: AdminTestContext;
  let provider: FakeNowPayments;
  let buyer: string;
  let other: string;
  let monthly: TestOrder;
  let pack: TestOrder;
  let open: TestOrder;

  beforeAll(async () => {
    provider = await startFakeNowPayments();
    admin = await createAdminTestContext({ env: provider.env });
    const db = admin.ctx.database.db;
    buyer = await insertTestUser(db);
    other = await insertTestUser(db);
    monthly = await insertTestPayment(db, { userId: buyer, pendingOnSubscription: true });
    pack = await insertTestPayment(db, { userId: buyer, purpose: 'credits', credits: 500 });
    open = await insertTestPayment(db, {
      userId: other,
      status: 'confirming',
      providerPaymentId: 'open-77',
    });
    // Created a second apart: rows written within one millisecond would tie on the clock.
    const now = Date.now();
    for (const [index, order] of [monthly, pack, open].entries()) {
      await db
        .update(payments)
        .set({ createdAt: new Date(now - (3 - index) * 1000) })
        .where(eq(payments.id, order.id));
    }
    // The monthly plan is paid through a real, signed IPN; a forged copy is recorded too.
    const body = ipnBodyFor(monthly, 'finished', { payment_id: 'paid-1' });
    provider.setPayment(body);
    const secret = admin.ctx.app.payments.config.ipnSecret;
    expect((await postIpn(admin.ctx.app, body, secret)).statusCode).toBe(200);
    expect((await postIpn(admin.ctx.app, body, 'forged')).statusCode).toBe(401);
  });
  afterAll(async () => {
    await admin.ctx.close();
    await provider.close();
  });

  const get = (url: string) => apiCall(admin.ctx, admin.operator.token, 'GET', url);
  const idsOf = async (url: string) =>
    (await get(url)).json<{ payments: { id: string }[] }>().payments.map((row) => row.id);

  it('lists newest first with the person, kind, amount, provider ids and whether reconcile waits on it', async () => {
    const response = await get('/admin/payments?limit=100');
    expect(response.statusCode).toBe(200);
    const { payments, total } = response.json();
    expect(payments.map((row: { id: string }) => row.id)).toEqual([open.id, pack.id, monthly.id]);
    expect(total).toBe(3);
    expect(payments[0]).toMatchObject({
      userId: other,
      email: `${other}@example.com`,
      kind: 'plan',
      status: 'confirming',
      providerPaymentId: 'open-77',
      awaitingReconcile: true,
      manual: false,
    });
    expect(payments[1]).toMatchObject({ kind: 'credit_pack', credits: 500, priceAmount: '14.99' });
    expect(payments[2]).toMatchObject({
      status: 'finished',
      providerPaymentId: 'paid-1',
      awaitingReconcile: false,
      invoiceId: monthly.invoiceId,
    });
    expect(payments[2].grantedAt).not.toBeNull();
  });

  it('filters by status and by email, person id, order id, provider payment id or invoice id, and pages', async () => {
    expect(await idsOf('/admin/payments?status=finished')).toEqual([monthly.id]);
    expect(await idsOf(`/admin/payments?q=${buyer.slice(0, 8).toUpperCase()}`)).toEqual([
      pack.id,
      monthly.id,
    ]);
    expect(await idsOf(`/admin/payments?q=${other}`)).toEqual([open.id]);
    expect(await idsOf(`/admin/payments?q=${encodeURIComponent(pack.orderId)}`)).toEqual([pack.id]);
    expect(await idsOf('/admin/payments?q=paid-1')).toEqual([monthly.id]);
    expect(await idsOf(`/admin/payments?q=${monthly.invoiceId}`)).toEqual([monthly.id]);
    expect(await idsOf('/admin/payments?q=%25')).toEqual([]);
    const page = (await get('/admin/payments?limit=1&offset=1')).json();
    expect([page.payments.map((row: { id: string }) => row.id), page.total]).toEqual([
      [pack.id],
      3,
    ]);
    const bad = await get('/admin/payments?status=lost');
    expect([bad.statusCode, bad.json().error]).toEqual([422, 'VALIDATION_ERROR']);
  });

  it('shows a payment with its status history, its IPN deliveries and what it granted', async () => {
    const response = await get(`/admin/payments/${monthly.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.statusHistory).toEqual([
      { status: 'finished', providerPaymentId: 'paid-1', source: 'ipn', at: expect.any(String) },
    ]);
    expect(
      detail.ipnDeliveries.map((row: { signatureValid: boolean; outcome: string }) => [
        row.signatureValid,
        row.outcome,
      ]),
    ).toEqual([
      [false, 'unverified'],
      [true, 'applied'],
    ]);
    expect(detail.ipnDeliveries[1]).toMatchObject({ claimedStatus: 'finished', statusCode: 200 });
    expect(detail.granted).toMatchObject({ kind: 'plan', plan: 'monthly', credits: null });
    expect(detail.granted.periodEnd).toBe(detail.subscription.expiresAt);
    expect(detail.subscription).toMatchObject({ plan: 'monthly', status: 'active' });
    const unpaid = (await get(`/admin/payments/${pack.id}`)).json();
    expect([unpaid.granted, unpaid.statusHistory, unpaid.ipnDeliveries]).toEqual([null, [], []]);
    const missing = await get('/admin/payments/00000000-0000-4000-8000-000000000000');
    expect([missing.statusCode, missing.json().error]).toEqual([404, 'NOT_FOUND']);
  });

  it('lists subscriptions with plan, period and status, filtered by status and person', async () => {
    const all = (await get('/admin/subscriptions')).json();
    expect(all.total).toBe(1);
    expect(all.subscriptions[0]).toMatchObject({
      userId: buyer,
      email: `${buyer}@example.com`,
      plan: 'monthly',
      status: 'active',
      isLifetime: false,
      pendingPaymentId: null,
    });
    expect(all.subscriptions[0].expiresAt).not.toBeNull();
    expect((await get('/admin/subscriptions?status=expired')).json().subscriptions).toEqual([]);
    expect((await get(`/admin/subscriptions?q=${other}`)).json().total).toBe(0);
    expect((await get(`/admin/subscriptions?q=${buyer}`)).json().total).toBe(1);
  });
});
