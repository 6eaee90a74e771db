import { findPeopleResponseSchema } from '@nocturne/contract/admin/find-people';
import { getPersonResponseSchema } from '@nocturne/contract/admin/get-person';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  auditRowsAbout,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../../test/admin-fixture';
import { giveCredits } from '../../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../../test/read-credit-ledger';

describe('People: who may call each route, search and the detail view', () => {
  let admin: AdminTestContext;
  beforeAll(async () => {
    admin = await createAdminTestContext();
    await giveCredits(admin.ctx.database.db, admin.person.userId, 3);
  });
  afterAll(() => admin.ctx.close());

  const routes = () => {
    const id = admin.person.userId;
    const reason = 'checking access';
    return [
      ['GET', '/admin/users?q=person', undefined],
      ['GET', `/admin/users/${id}`, undefined],
      ['GET', `/admin/users/${id}/ledger`, undefined],
      ['POST', `/admin/users/${id}/credits`, { amount: 5, reason }],
      ['PUT', `/admin/users/${id}/generation`, { suspended: true, reason }],
      ['DELETE', `/admin/users/${id}/sessions`, { reason }],
      ['DELETE', `/admin/users/${id}`, { reason }],
    ] as const;
  };

  it('refuses every route to a person (OPERATOR_ONLY) and to an operator without two-factor, changing nothing', async () => {
    for (const [method, url, body] of routes()) {
      const byPerson = await apiCall(admin.ctx, admin.person.token, method, url, body);
      expect([url, byPerson.statusCode, byPerson.json().error]).toEqual([
        url,
        403,
        'OPERATOR_ONLY',
      ]);
      const byUnprotected = await apiCall(admin.ctx, admin.unprotected.token, method, url, body);
      expect([url, byUnprotected.statusCode, byUnprotected.json().error]).toEqual([
        url,
        403,
        'OPERATOR_TWO_FACTOR_REQUIRED',
      ]);
    }
    expect(await auditRowsAbout(admin.ctx, admin.person.userId)).toEqual([]);
    const ledger = await readCreditLedger(admin.ctx.database.db, admin.person.userId);
    expect(ledger.entries.map((row) => row.amount)).toEqual([3]);
    const stillSignedIn = await apiCall(admin.ctx, admin.person.token, 'GET', '/profile');
    expect(stillSignedIn.statusCode).toBe(200);
  });

  it('finds people by part of the email or username (any case) or by exact id, a page at a time', async () => {
    const search = async (query: string) => {
      const response = await apiCall(
        admin.ctx,
        admin.operator.token,
        'GET',
        `/admin/users${query}`,
      );
      expect(response.statusCode).toBe(200);
      return findPeopleResponseSchema.parse(response.json());
    };
    const byEmail = await search('?q=PERSON@');
    expect(byEmail.people.map((row) => row.email)).toEqual(['person@example.com']);
    expect(byEmail.people[0]).toMatchObject({ balance: 3, plan: null, generationSuspended: false });
    expect((await search(`?q=${admin.person.userId}`)).people).toHaveLength(1);
    // LIKE wildcards in the query match themselves.
    expect((await search('?q=%25')).total).toBe(0);
    const all = await search('?limit=2');
    expect(all.total).toBe(3);
    expect(all.people).toHaveLength(2);
    const rest = await search('?limit=2&offset=2');
    expect(rest.people.map((row) => row.id)).not.toContain(all.people[0]!.id);
    expect(
      (await apiCall(admin.ctx, admin.operator.token, 'GET', '/admin/users?limit=0')).statusCode,
    ).toBe(422);
  });

  it("shows one person's profile, balance, ledger and sessions; NOT_FOUND for an unknown id", async () => {
    const response = await apiCall(
      admin.ctx,
      admin.operator.token,
      'GET',
      `/admin/users/${admin.person.userId}`,
    );
    expect(response.statusCode).toBe(200);
    const detail = getPersonResponseSchema.parse(response.json());
    expect(detail.person).toMatchObject({ email: 'person@example.com', balance: 3 });
    expect([detail.isOperator, detail.twoFactorEnabled]).toEqual([false, false]);
    const operator = await apiCall(
      admin.ctx,
      admin.operator.token,
      'GET',
      `/admin/users/${admin.operator.userId}`,
    );
    expect(getPersonResponseSchema.parse(operator.json())).toMatchObject({
      isOperator: true,
      twoFactorEnabled: true,
    });
    expect(detail.ledger.map((row) => [row.amount, row.reason])).toEqual([[3, 'adjustment']]);
    expect(detail.sessions).toHaveLength(1);
    expect(detail.sessions[0]!.lastSeenAt).toEqual(expect.any(String));
    expect(detail).toMatchObject({ generations: [], payments: [], refusals: [], audit: [] });
    const missing = await apiCall(admin.ctx, admin.operator.token, 'GET', '/admin/users/nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('NOT_FOUND');
  });
});
