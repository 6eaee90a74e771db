import type {
  AdminPayment,
  GetAdminPaymentResponse,
} from '@nocturne/contract/admin/admin-payments';
import { http, HttpResponse } from 'msw';

/** Test data of the Payments section, shaped by the contract. */
export function adminPayment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    userId: 'user-1',
    email: 'buyer@example.com',
    kind: 'plan',
    plan: 'monthly',
    packageId: null,
    credits: null,
    priceAmount: '29.00',
    priceCurrency: 'usd',
    payCurrency: null,
    actuallyPaid: null,
    status: 'confirming',
    orderId: 'sub:user-1:monthly:2026-11-01:abcd',
    invoiceId: '5000001',
    providerPaymentId: '4455',
    manual: false,
    awaitingReconcile: true,
    grantedAt: null,
    revokedAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:05:00.000Z',
    ...overrides,
  };
}

export function paymentDetail(payment = adminPayment()): GetAdminPaymentResponse {
  return {
    payment,
    statusHistory: [
      { status: 'waiting', providerPaymentId: '4455', source: 'ipn', at: '2026-11-20T10:01:00Z' },
      {
        status: 'confirming',
        providerPaymentId: '4455',
        source: 'reconciliation',
        at: '2026-11-20T10:05:00Z',
      },
    ],
    ipnDeliveries: [
      {
        id: 'd-2',
        receivedAt: '2026-11-20T10:04:00Z',
        claimedStatus: 'finished',
        providerPaymentId: '4455',
        signatureValid: false,
        outcome: 'unverified',
        statusCode: 401,
      },
    ],
    granted: null,
    subscription: null,
  };
}

export const operatorHandler = http.get('*/api/v1/admin/operator', () =>
  HttpResponse.json({ id: 'op-1', email: 'op@example.com' }),
);
