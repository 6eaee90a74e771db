import { deleteAccountResponseSchema } from '@nocturne/contract/account-data/delete-account';
import { eq, like } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, session, user } from '../auth/auth-tables';
import { creditAccounts, creditTransactions } from '../credits/credits-tables';
import { favorites, generations } from '../generations/generations-tables';
import { paymentIpnDeliveries, payments } from '../billing/billing-tables';
import { subscriptions } from '../subscriptions/subscriptions-tables';
import { seedAccountData } from '../../../test/account-data-fixture';
import { createVerifiedUser, signIn } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { fakeEngine, TINY_PNG } from '../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { createRealtimeClients } from '../../../test/realtime-client';
import { seedPayments } from '../../../test/seed-payments';
import { pseudonymizeUserId } from './pseudonymize-user-id';

describe('DELETE /api/v1/user/account', () => {
  let ctx: TestApp;
  let url: string;
  const clients = createRealtimeClients();
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };

  beforeAll(async () => {
    ctx = await createTestApp({ imageEngine: fakeEngine(() => TINY_PNG) });
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
    await seedAccountData(ctx, alice);
    await seedAccountData(ctx, bob);
    await seedPayments(ctx.database.db, alice.userId);
    await seedPayments(ctx.database.db, bob.userId);
  });
  afterAll(async () => {
    clients.disconnectAll();
    await ctx.close();
  });

  const db = () => ctx.database.db;
  const call = (method: 'GET' | 'DELETE', route: string, token: string) =>
    ctx.app.inject({
      method,
      url: `/api/v1${route}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const imageKeysOf = async (userId: string) => [
    ...(await db().select().from(generations).where(eq(generations.userId, userId))).map(
      (row) => row.resultPath!,
    ),
    ...(await db().select().from(favorites).where(eq(favorites.userId, userId))).map(
      (row) => row.imagePath,
    ),
  ];
  const fileExists = (key: string) => ctx.app.images.exists(key);

  it('removes the person and their files, keeps the ledger pseudonymized, revokes everything', async () => {
    const aliceKeys = await imageKeysOf(alice.userId);
    const bobKeys = await imageKeysOf(bob.userId);
    expect(aliceKeys).toHaveLength(3);
    const ledgerBefore = await readCreditLedger(db(), alice.userId);
    expect(ledgerBefore.ledgerSum).toBe(3);

    const socket: Socket = await clients.connect(url, alice.token);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    // The per-user room is not a channel: leaving it must not let a socket outlive its account.
    await socket.timeout(2000).emitWithAck('leave', `user-sockets:${alice.userId}`);

    const response = await call('DELETE', '/user/account', alice.token);
    expect(response.statusCode).toBe(200);
    expect(deleteAccountResponseSchema.parse(response.json())).toEqual({ deleted: true });

    expect(await disconnected).toBe('io server disconnect');
    for (const table of [session, account]) {
      expect(await db().select().from(table).where(eq(table.userId, alice.userId))).toEqual([]);
    }
    expect(await db().select().from(user).where(eq(user.id, alice.userId))).toEqual([]);
    expect(await imageKeysOf(alice.userId)).toEqual([]);
    for (const key of aliceKeys) expect(await fileExists(key)).toBe(false);

    const pseudonym = pseudonymizeUserId(alice.userId);
    const kept = await readCreditLedger(db(), pseudonym);
    expect(kept.entries).toHaveLength(ledgerBefore.entries.length);
    expect(kept.ledgerSum).toBe(ledgerBefore.ledgerSum);
    expect(kept.balance).toBeNull();
    expect((await readCreditLedger(db(), alice.userId)).entries).toEqual([]);
    expect(
      await db()
        .select()
        .from(creditTransactions)
        .where(like(creditTransactions.idempotencyKey, `%${alice.userId}%`)),
    ).toEqual([]);

    const paymentsBefore = await db().select().from(payments).where(eq(payments.userId, pseudonym));
    expect(paymentsBefore.map((row) => [row.purpose, row.priceAmount, row.status]).sort()).toEqual([
      ['credits', '14.99', 'waiting'],
      ['subscription', '29.00', 'finished'],
    ]);
    for (const row of paymentsBefore) {
      expect(row.orderId).toMatch(new RegExp(`^(sub|pack):${pseudonym}:`));
    }
    expect(await db().select().from(payments).where(eq(payments.userId, alice.userId))).toEqual([]);
    expect(
      await db()
        .select()
        .from(payments)
        .where(like(payments.orderId, `%${alice.userId}%`)),
    ).toEqual([]);
    expect(
      await db().select().from(subscriptions).where(eq(subscriptions.userId, alice.userId)),
    ).toEqual([]);
    const [delivery] = await db()
      .select()
      .from(paymentIpnDeliveries)
      .where(eq(paymentIpnDeliveries.providerPaymentId, `pay-${alice.userId}`));
    expect(delivery?.orderId).toMatch(new RegExp(`^sub:${pseudonym}:`));
    expect(JSON.stringify(delivery?.body)).not.toContain(alice.userId);
    expect(delivery?.body).toMatchObject({ order_id: delivery?.orderId });

    // Everyone else is untouched.
    expect(await db().select().from(payments).where(eq(payments.userId, bob.userId))).toHaveLength(
      2,
    );
    expect(
      await db().select().from(subscriptions).where(eq(subscriptions.userId, bob.userId)),
    ).toHaveLength(1);
    expect(await imageKeysOf(bob.userId)).toEqual(bobKeys);
    for (const key of bobKeys) expect(await fileExists(key)).toBe(true);
    expect((await readCreditLedger(db(), bob.userId)).balance).toBe(3);
    expect((await call('GET', '/credits', bob.token)).statusCode).toBe(200);
  });

  it('makes the old JWT 401 everywhere (API, second delete, realtime) and the password useless', async () => {
    for (const [method, route] of [
      ['GET', '/credits'],
      ['GET', '/user/export'],
      ['DELETE', '/user/account'],
    ] as const) {
      const response = await call(method, route, alice.token);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    }
    await expect(clients.connect(url, alice.token)).rejects.toThrow('UNAUTHORIZED');
    expect((await signIn(ctx.app, 'alice@example.com')).statusCode).toBe(401);
    expect(
      await db().select().from(creditAccounts).where(eq(creditAccounts.userId, alice.userId)),
    ).toEqual([]);
  });
});
