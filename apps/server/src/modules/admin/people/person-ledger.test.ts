import { personLedgerResponseSchema } from '@nocturne/contract/admin/person-ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../../test/admin-fixture';
import { giveCredits } from '../../../../test/generation-worker-harness';

describe('GET /api/v1/admin/users/{id}/ledger', () => {
  let admin: AdminTestContext;
  beforeAll(async () => {
    admin = await createAdminTestContext();
    await giveCredits(admin.ctx.database.db, admin.person.userId, 10);
    await giveCredits(admin.ctx.database.db, admin.person.userId, 5);
    const adjust = (amount: number) =>
      apiCall(
        admin.ctx,
        admin.operator.token,
        'POST',
        `/admin/users/${admin.person.userId}/credits`,
        {
          amount,
          reason: 'ledger paging check',
        },
      );
    expect((await adjust(7)).statusCode).toBe(200);
    expect((await adjust(-4)).statusCode).toBe(200);
  });
  afterAll(() => admin.ctx.close());

  const page = async (query: string) => {
    const response = await apiCall(
      admin.ctx,
      admin.operator.token,
      'GET',
      `/admin/users/${admin.person.userId}/ledger${query}`,
    );
    expect(response.statusCode).toBe(200);
    return personLedgerResponseSchema.parse(response.json());
  };

  it('pages the ledger newest first with the balance after each row, true on every page', async () => {
    const first = await page('?limit=2');
    expect(first.total).toBe(4);
    expect(first.entries.map((row) => [row.amount, row.reason, row.balanceAfter])).toEqual([
      [-4, 'admin_debit', 18],
      [7, 'admin_grant', 22],
    ]);
    const second = await page('?limit=2&offset=2');
    expect(second.entries.map((row) => [row.amount, row.balanceAfter])).toEqual([
      [5, 15],
      [10, 10],
    ]);
  });

  it('answers NOT_FOUND for an unknown person and VALIDATION_ERROR for a bad page', async () => {
    const missing = await apiCall(
      admin.ctx,
      admin.operator.token,
      'GET',
      '/admin/users/nobody/ledger',
    );
    expect([missing.statusCode, missing.json().error]).toEqual([404, 'NOT_FOUND']);
    const bad = await apiCall(
      admin.ctx,
      admin.operator.token,
      'GET',
      `/admin/users/${admin.person.userId}/ledger?limit=0`,
    );
    expect([bad.statusCode, bad.json().error]).toEqual([422, 'VALIDATION_ERROR']);
  });
});
