import { generationResultEventSchema } from '@nocturne/contract/generations/generation-events';
import { channels, type RealtimeMessage } from '@nocturne/contract/realtime/channels';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { giveCredits, waitFor } from '../test/generation-worker-harness';
import { openTestDatabaseWithUrl } from '../test/open-test-database';
import { createRealtimeClients } from '../test/realtime-client';
import { ONE_MB_RESULT_PNG, startSplitRoles, type SplitRoles } from '../test/start-split-roles';
import { hasRedisServer, startRedisServer, type RedisServer } from '../test/start-redis-server';
import type { Database } from './db/database';

if (!hasRedisServer) {
  console.warn('split roles over Redis skipped: /usr/bin/redis-server is not installed');
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/**
 * Two `--role=api` processes and a `--role=worker` on one database: every client gets every event
 * of its channels exactly once, whichever API process it is connected to, through Socket.IO's
 * PostgreSQL adapter and emitter, or its Redis adapter and emitter.
 */
describe.each([
  { fanOut: 'postgres', runs: inject('databaseKind') === 'postgres' },
  { fanOut: 'redis', runs: hasRedisServer },
])('split roles over $fanOut', ({ fanOut, runs }) => {
  let database: Database;
  let redis: RedisServer | undefined;
  let roles: SplitRoles;
  const clients = createRealtimeClients();

  beforeAll(async () => {
    if (!runs) return;
    const opened = await openTestDatabaseWithUrl();
    database = opened.database;
    redis = fanOut === 'redis' ? await startRedisServer() : undefined;
    roles = await startSplitRoles({
      database,
      databaseUrl: fanOut === 'postgres' ? opened.url : undefined,
      redisUrl: redis?.url,
    });
  });
  afterAll(async () => {
    if (!runs) return;
    clients.disconnectAll();
    await roles.stop();
    await redis?.stop();
    await database.close();
  });

  /** One client on each API process, joined to `channel`. */
  async function listenOnBoth(channel: string) {
    return Promise.all(
      roles.urls.map(async (url) => {
        const socket = await clients.connect(url, roles.alice.token);
        expect(await clients.join(socket, channel)).toEqual({ status: 'SUBSCRIBED', channel });
        const messages: RealtimeMessage[] = [];
        socket.on('message', (message: RealtimeMessage) => messages.push(message));
        return messages;
      }),
    );
  }

  function post(api: 0 | 1, url: string, payload?: object) {
    return roles.apis[api].app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${roles.alice.token}` },
      payload,
    });
  }

  it.runIf(runs)('delivers the events of either API process once to clients of both', async () => {
    const received = await listenOnBoth(channels.credits(roles.alice.userId));

    expect((await post(0, '/api/v1/credits/request-daily')).statusCode).toBe(200);
    const submit = { source_prompt: '', content_prompt: 'a lantern in the fog' };
    expect((await post(1, '/api/v1/generate', submit)).statusCode).toBe(200);

    // Two publishers on two connections: each event arrives once, in no promised relative order.
    const balances = (messages: RealtimeMessage[]) =>
      messages.map((message) => (message.payload as { balance: number }).balance).sort();
    for (const messages of received)
      await expect.poll(() => balances(messages)).toEqual([10, 9].sort());
    await settle();
    for (const messages of received) {
      expect(messages).toHaveLength(2);
      expect(messages.every((message) => message.event === 'credit_updated')).toBe(true);
    }
  });

  it.runIf(runs)(
    "delivers a worker's update and 1 MB result to clients of both API processes, once",
    { timeout: 60_000 },
    async () => {
      await giveCredits(database.db, roles.alice.userId, 1);
      const submit = await post(0, '/api/v1/generate', {
        source_prompt: '',
        content_prompt: 'a quiet harbour at night',
      });
      expect(submit.statusCode).toBe(200);
      const { requestId } = submit.json<{ requestId: string }>();
      const received = await listenOnBoth(channels.generation(requestId));

      await roles.startWorker();
      for (const messages of received) {
        await waitFor(() => messages.some((message) => message.event === 'result'), 45_000);
      }
      await settle();
      for (const messages of received) {
        expect(messages.map((message) => message.event)).toEqual(['update', 'update', 'result']);
        expect(messages.map((message) => message.payload)).toMatchObject([
          { status: 'processing', progress: 0 },
          { status: 'completed', progress: 1 },
          { request_id: requestId, status: 'completed', error: null },
        ]);
        const result = generationResultEventSchema.parse(messages[2]?.payload);
        expect(result.result_base64?.length).toBeGreaterThan(1_000_000);
        expect(Buffer.from(result.result_base64 ?? '', 'base64').equals(ONE_MB_RESULT_PNG)).toBe(
          true,
        );
      }
    },
  );
});
