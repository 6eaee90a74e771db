import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  apiCall,
  auditRowsAbout,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../../test/admin-fixture';
import { insertTestPayment } from '../../../../test/payments-fixture';
import {
  startFakeNowPayments,
  type FakeNowPayments,
} from '../../../../test/start-fake-nowpayments';

describe('payments admin routes: operators only', () => {
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

  it('answers 403 OPERATOR_ONLY to a person, 403 two-factor to an unprotected operator, and changes nothing', async () => {
    const { userId } = admin.person;
    const order = await insertTestPayment(admin.ctx.database.db, {
      userId,
      status: 'waiting',
      providerPaymentId: 'access-1',
    });
    const routes = [
      ['GET', '/admin/payments'],
      ['GET', `/admin/payments/${order.id}`],
      ['POST', `/admin/payments/${order.id}/reconcile`],
      ['GET', '/admin/subscriptions'],
      ['POST', `/admin/users/${userId}/plan`],
    ] as const;
    const body = { plan: 'lifetime', reason: 'let me in', reference: `ref-${randomUUID()}` };
    for (const [method, url] of routes) {
      const payload = method === 'POST' ? body : undefined;
      const refused = await apiCall(admin.ctx, admin.person.token, method, url, payload);
      expect([url, refused.statusCode, refused.json().error]).toEqual([url, 403, 'OPERATOR_ONLY']);
      const unprotected = await apiCall(admin.ctx, admin.unprotected.token, method, url, payload);
      expect([url, unprotected.json().error]).toEqual([url, 'OPERATOR_TWO_FACTOR_REQUIRED']);
    }
    expect(provider.calls).toEqual([]);
    expect(await auditRowsAbout(admin.ctx, userId)).toEqual([]);
    const subscriptions = await apiCall(
      admin.ctx,
      admin.operator.token,
      'GET',
      '/admin/subscriptions',
    );
    expect(subscriptions.json().subscriptions).toEqual([]);
  });
});
