import { serviceStatusSchema } from '@nocturne/contract/admin/service-settings';
import { channels } from '@nocturne/contract/realtime/channels';
import { desc, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { giveCredits, waitFor } from '../../../test/generation-worker-harness';
import { readCreditLedger, setPremium } from '../../../test/read-credit-ledger';
import { createRealtimeClients } from '../../../test/realtime-client';
import { adminAudit } from '../admin-audit/admin-audit-tables';
import { generations } from '../generations/generations-tables';

type Person = { token: string; userId: string };

/**
 * The generation switch across two API processes on one database: the operator changes it on
 * one, the other refuses at once (NOTIFY), and a refused submit charges nothing.
 */
describe('the generation switch (PUT /api/v1/admin/settings)', () => {
  let first: TestApp;
  let second: TestApp;
  let ops: Person;
  let alice: Person;
  let pat: Person;
  let url: string;
  const clients = createRealtimeClients();

  beforeAll(async () => {
    const env = {
      RATE_LIMIT_PER_MINUTE: '10000',
      OPERATOR_EMAILS: 'ops@example.com',
      OPERATOR_REQUIRE_TWO_FACTOR: 'false',
    };
    first = await createTestApp({ env });
    second = await createTestApp({ env, database: first.database });
    ops = await createVerifiedUser(first.app, first.env.DATA_DIR, 'ops@example.com');
    alice = await createVerifiedUser(first.app, first.env.DATA_DIR, 'alice@example.com');
    pat = await createVerifiedUser(first.app, first.env.DATA_DIR, 'pat@example.com');
    await giveCredits(first.database.db, alice.userId, 5);
    await setPremium(first.database.db, pat.userId, true);
    url = await first.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    clients.disconnectAll();
    await second.close();
    await first.close();
  });

  const call = (
    app: TestApp,
    method: 'GET' | 'PUT' | 'POST',
    path: string,
    who: Person,
    payload?: object,
  ) =>
    app.app.inject({
      method,
      url: `/api/v1${path}`,
      headers: { authorization: `Bearer ${who.token}` },
      payload,
    });
  const setSwitch = (generation: string, message: string) =>
    call(first, 'PUT', '/admin/settings', ops, { generation, message });
  const generate = (app: TestApp, who: Person) =>
    call(app, 'POST', '/generate', who, { source_prompt: '', content_prompt: 'a moonlit owl' });
  const secondStatus = async () =>
    serviceStatusSchema.parse((await call(second, 'GET', '/service-status', alice)).json());
  const lastAudit = async () =>
    (await first.database.db.select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1))[0];

  it('answers 403 to anyone but an operator, and changes nothing', async () => {
    for (const [method, path, payload] of [
      ['GET', '/admin/settings', undefined],
      ['PUT', '/admin/settings', { generation: 'off', message: 'no' }],
    ] as const) {
      const response = await call(first, method, path, alice, payload);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'OPERATOR_ONLY' });
    }
    const status = await call(second, 'GET', '/service-status', alice);
    expect(status.json()).toEqual({ generation: 'on', message: '', announcement: null });
  });

  it('off: every process refuses a submit with the message at once, and charges nothing', async () => {
    // Both processes have read (and cached) the switch as on.
    expect((await call(second, 'GET', '/service-status', alice)).json()).toMatchObject({
      generation: 'on',
    });
    const before = await readCreditLedger(first.database.db, alice.userId);
    const changed = await setSwitch('off', 'Back at 10:00 UTC.');
    expect(changed.statusCode).toBe(200);
    expect(serviceStatusSchema.parse(changed.json())).toMatchObject({ generation: 'off' });
    expect(await lastAudit()).toMatchObject({
      action: 'settings_update',
      operatorId: ops.userId,
      before: { generation: 'on', message: '' },
      after: { generation: 'off', message: 'Back at 10:00 UTC.' },
    });
    // The NOTIFY reaches the other process within moments; its cached copy is what a submit reads.
    await waitFor(async () => (await secondStatus()).generation === 'off', 3_000);
    const refused = await generate(second, alice);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: 'GENERATION_PAUSED', message: 'Back at 10:00 UTC.' });
    expect((await generate(first, pat)).statusCode).toBe(503);
    expect(await readCreditLedger(first.database.db, alice.userId)).toEqual(before);
    expect((await call(second, 'GET', '/service-status', alice)).json()).toMatchObject({
      generation: 'off',
      message: 'Back at 10:00 UTC.',
    });
  });

  it("without a message the refusal carries the catalogue's sentence", async () => {
    await setSwitch('off', '  ');
    const response = await generate(first, alice);
    expect(response.json()).toEqual({
      error: 'GENERATION_PAUSED',
      message: 'Generation is paused right now. Nothing was charged; please try again later.',
    });
  });

  it('premium_only lets premium through and refuses the others before any charge', async () => {
    await setSwitch('premium_only', 'Premium only for now.');
    const before = await readCreditLedger(first.database.db, alice.userId);
    const refused = await generate(first, alice);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ message: 'Premium only for now.' });
    expect(await readCreditLedger(first.database.db, alice.userId)).toEqual(before);
    expect((await generate(first, pat)).statusCode).toBe(200);
  });

  it('on again: a free person submits and pays as usual', async () => {
    await setSwitch('on', '');
    await waitFor(async () => (await secondStatus()).generation === 'on', 3_000);
    const response = await generate(second, alice);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('requestId');
    expect((await readCreditLedger(first.database.db, alice.userId)).balance).toBe(4);
  });

  it('off also refuses Try Again on a failed image, before any charge', async () => {
    const [row] = await first.database.db
      .update(generations)
      .set({ status: 'failed', error: 'boom' })
      .where(eq(generations.userId, alice.userId))
      .returning();
    await setSwitch('off', 'Paused.');
    const before = await readCreditLedger(first.database.db, alice.userId);
    const retried = await call(first, 'POST', `/generations/${row!.id}/retry`, alice, {});
    expect(retried.statusCode).toBe(503);
    expect(retried.json()).toEqual({ error: 'GENERATION_PAUSED', message: 'Paused.' });
    expect(await readCreditLedger(first.database.db, alice.userId)).toEqual(before);
    await setSwitch('on', '');
  });

  it('a signed-in socket gets the status on join and every change as it happens', async () => {
    const socket: Socket = await clients.connect(url, alice.token);
    const ack = await clients.join(socket, channels.service());
    expect(ack).toMatchObject({ status: 'SUBSCRIBED', snapshot: { generation: 'on' } });
    const received = new Promise((resolve) => socket.once('message', resolve));
    await setSwitch('off', 'Maintenance.');
    expect(await received).toEqual({
      channel: 'service:status',
      event: 'status_changed',
      payload: { generation: 'off', message: 'Maintenance.', announcement: null },
    });
    expect(await clients.join(socket, 'service:other')).toMatchObject({ status: 'CHANNEL_ERROR' });
    await setSwitch('on', '');
  });
});
