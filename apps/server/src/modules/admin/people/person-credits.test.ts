import { channels } from '@nocturne/contract/realtime/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  auditRowsAbout,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../../test/admin-fixture';
import { createRealtimeClients } from '../../../../test/realtime-client';
import { readCreditLedger } from '../../../../test/read-credit-ledger';

interface RealtimeMessage {
  channel: string;
  event: string;
  payload: unknown;
}

describe('POST /api/v1/admin/users/{id}/credits', () => {
  let admin: AdminTestContext;
  let url: string;
  const clients = createRealtimeClients();

  beforeAll(async () => {
    admin = await createAdminTestContext();
    url = await admin.ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    clients.disconnectAll();
    await admin.ctx.close();
  });

  const adjust = (body: object, userId = admin.person.userId) =>
    apiCall(admin.ctx, admin.operator.token, 'POST', `/admin/users/${userId}/credits`, body);
  const ledger = () => readCreditLedger(admin.ctx.database.db, admin.person.userId);

  it("grants with a ledger row, an audit row and credit_updated on the person's open socket", async () => {
    const socket = await clients.connect(url, admin.person.token);
    expect(await clients.join(socket, channels.credits(admin.person.userId))).toMatchObject({
      status: 'SUBSCRIBED',
    });
    const messages: RealtimeMessage[] = [];
    socket.on('message', (message: RealtimeMessage) => messages.push(message));

    const response = await adjust({ amount: 25, reason: 'refund for a broken image' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ balance: 25 });
    await expect.poll(() => messages.length).toBe(1);
    expect(messages[0]).toEqual({
      channel: channels.credits(admin.person.userId),
      event: 'credit_updated',
      payload: { balance: 25 },
    });
    const { balance, ledgerSum, entries } = await ledger();
    expect([balance, ledgerSum]).toEqual([25, 25]);
    expect(entries.map((row) => [row.amount, row.reason])).toEqual([[25, 'admin_grant']]);
    const [audit] = await auditRowsAbout(admin.ctx, admin.person.userId);
    expect(audit).toMatchObject({
      action: 'credits_grant',
      operatorId: admin.operator.userId,
      operatorEmail: 'ops@example.com',
      reason: 'refund for a broken image',
      before: { balance: 0 },
      after: { balance: 25, amount: 25, ledgerEntryId: entries[0]!.id },
    });
  });

  it('takes credits with admin_debit, and refuses to go below zero without writing anything', async () => {
    const debit = await adjust({ amount: -10, reason: 'duplicate grant' });
    expect(debit.json()).toEqual({ balance: 15 });
    const refused = await adjust({ amount: -16, reason: 'too much' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      error: 'INSUFFICIENT_CREDITS',
      message: 'This person has 15 credits; a debit cannot take the balance below zero.',
    });
    const { balance, ledgerSum, entries } = await ledger();
    expect([balance, ledgerSum]).toEqual([15, 15]);
    expect(entries.map((row) => row.reason).sort()).toEqual(['admin_debit', 'admin_grant']);
    const audit = await auditRowsAbout(admin.ctx, admin.person.userId);
    expect(audit.map((row) => [row.action, row.before, row.after])).toEqual([
      ['credits_debit', { balance: 25 }, expect.objectContaining({ balance: 15, amount: -10 })],
      ['credits_grant', { balance: 0 }, expect.objectContaining({ balance: 25 })],
    ]);
  });

  it.each([
    [{ amount: 0, reason: 'nothing at all' }],
    [{ amount: 1.5, reason: 'half a credit' }],
    [{ amount: 100_001, reason: 'far too many' }],
    [{ amount: 5 }],
    [{ amount: 5, reason: '  ' }],
    [{ amount: '5', reason: 'a string amount' }],
  ])('refuses %j with VALIDATION_ERROR and writes nothing', async (body) => {
    const response = await adjust(body);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('VALIDATION_ERROR');
    expect((await ledger()).entries).toHaveLength(2);
  });

  it('answers NOT_FOUND for an unknown person and writes nothing', async () => {
    const response = await adjust({ amount: 5, reason: 'for nobody' }, 'no-such-person');
    expect(response.statusCode).toBe(404);
    expect(await auditRowsAbout(admin.ctx, 'no-such-person')).toEqual([]);
  });
});
