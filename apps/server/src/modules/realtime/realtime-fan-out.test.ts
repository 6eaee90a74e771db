import { channels, type RealtimeMessage } from '@nocturne/contract/realtime/channels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { openTestDatabase } from '../../../test/open-test-database';
import { createRealtimeClients } from '../../../test/realtime-client';
import type { Database } from '../../db/database';

// Both processes must sign and verify with the same secret, as a real deployment would.
const SHARED_ENV = { BETTER_AUTH_SECRET: 'fan-out-test-secret-of-at-least-32-chars' };

/**
 * Two API processes (--role=api) on one database: an event published by either reaches every
 * client of the channel exactly once, whichever process the client is connected to.
 */
describe('realtime fan-out across API processes', () => {
  let database: Database;
  let first: TestApp;
  let second: TestApp;
  const urls: string[] = [];
  const clients = createRealtimeClients();
  let alice: { token: string; userId: string };

  beforeAll(async () => {
    database = await openTestDatabase();
    first = await createTestApp({ database, env: SHARED_ENV, realtimeFanOut: 'database' });
    second = await createTestApp({ database, env: SHARED_ENV, realtimeFanOut: 'database' });
    alice = await createVerifiedUser(first.app, first.env.DATA_DIR, 'alice@example.com');
    urls.push(await first.app.listen({ port: 0, host: '127.0.0.1' }));
    urls.push(await second.app.listen({ port: 0, host: '127.0.0.1' }));
  });
  afterAll(async () => {
    clients.disconnectAll();
    await first.close();
    await second.close();
    await database.close();
  });

  async function listen(url: string, channel: string) {
    const socket = await clients.connect(url, alice.token);
    expect(await clients.join(socket, channel)).toEqual({ status: 'SUBSCRIBED', channel });
    const messages: RealtimeMessage[] = [];
    socket.on('message', (message: RealtimeMessage) => messages.push(message));
    return messages;
  }

  it('delivers an event published by one process to clients of both, once each', async () => {
    const channel = channels.credits(alice.userId);
    const onFirst = await listen(urls[0] ?? '', channel);
    const onSecond = await listen(urls[1] ?? '', channel);

    first.app.realtime.publish(channel, 'credit_updated', { balance: 4 });
    second.app.realtime.publish(channel, 'credit_updated', { balance: 5 });

    // Two publishers on two connections: each event arrives once, in no promised relative order.
    const balances = (messages: RealtimeMessage[]) =>
      messages
        .map((message) => (message.payload as { balance: number }).balance)
        .sort((a, b) => a - b);
    await expect.poll(() => balances(onFirst)).toEqual([4, 5]);
    await expect.poll(() => balances(onSecond)).toEqual([4, 5]);
    // Nothing arrives twice once the relay has settled.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onFirst).toHaveLength(2);
    expect(onSecond).toHaveLength(2);
  });
});
