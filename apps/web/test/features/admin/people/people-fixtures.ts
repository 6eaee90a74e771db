import type { PersonSummary } from '@nocturne/contract/admin/find-people';
import type { AdminAuditLogEntry } from '@nocturne/contract/admin/get-admin-audit';
import type { GetPersonResponse } from '@nocturne/contract/admin/get-person';
import type { PersonLedgerEntry } from '@nocturne/contract/admin/person-ledger';
import { http, HttpResponse } from 'msw';
import { signedInHandlers } from '../../../support/fixtures';

export const operatorHandler = () =>
  http.get('*/api/v1/admin/operator', () =>
    HttpResponse.json({ id: 'op-1', email: 'op@example.com' }),
  );

/** A signed-in operator at the console. */
export const consoleHandlers = () => [...signedInHandlers(), operatorHandler()];

export function personSummary(overrides: Partial<PersonSummary> = {}): PersonSummary {
  return {
    id: 'user-42',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    username: 'ada',
    emailVerified: true,
    createdAt: '2026-03-01T10:00:00.000Z',
    balance: 12,
    plan: null,
    generationSuspended: false,
    ...overrides,
  };
}

export function auditEntry(overrides: Partial<AdminAuditLogEntry> = {}): AdminAuditLogEntry {
  return {
    id: 1,
    at: '2026-03-02T09:00:00.000Z',
    operatorId: 'op-1',
    operatorEmail: 'op@example.com',
    action: 'credits_grant',
    targetUserId: 'user-42',
    targetEmail: 'ada@example.com',
    reason: 'refund for a broken image',
    before: { balance: 5 },
    after: { balance: 12 },
    ...overrides,
  };
}

export function ledgerEntry(overrides: Partial<PersonLedgerEntry> = {}): PersonLedgerEntry {
  return {
    id: 'ledger-1',
    amount: 7,
    reason: 'admin_grant',
    balanceAfter: 12,
    createdAt: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

export function personDetail(overrides: Partial<GetPersonResponse> = {}): GetPersonResponse {
  return {
    person: personSummary(),
    isOperator: false,
    twoFactorEnabled: true,
    subscription: {
      plan: 'monthly',
      status: 'active',
      isLifetime: false,
      expiresAt: '2026-04-01T10:00:00.000Z',
    },
    ledger: [],
    generations: [
      {
        id: 'gen-1',
        status: 'completed',
        model: 'sd-turbo',
        contentPrompt: 'a lighthouse at dusk',
        error: null,
        failureKind: null,
        failureDetail: null,
        createdAt: '2026-03-02T08:00:00.000Z',
      },
    ],
    payments: [
      {
        id: 'pay-1',
        purpose: 'credit_pack',
        status: 'finished',
        priceAmount: '4.99',
        priceCurrency: 'usd',
        createdAt: '2026-03-01T11:00:00.000Z',
      },
    ],
    refusals: [
      {
        id: 'ref-1',
        contentPrompt: 'something refused',
        rule: 'sexual_minor',
        matchedTerms: ['teen'],
        createdAt: '2026-03-01T12:00:00.000Z',
      },
    ],
    sessions: [
      {
        id: 'sess-1',
        ipAddress: '203.0.113.9',
        userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36',
        createdAt: '2026-03-01T10:00:00.000Z',
        lastSeenAt: '2026-03-02T07:30:00.000Z',
        expiresAt: '2026-04-01T10:00:00.000Z',
      },
    ],
    audit: [],
    ...overrides,
  };
}
