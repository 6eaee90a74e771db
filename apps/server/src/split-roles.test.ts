import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generationResultEventSchema } from '@nocturne/contract/generations/generation-events';
import {
  channels,
  REALTIME_PATH,
  type JoinAck,
  type RealtimeMessage,
} from '@nocturne/contract/realtime/channels';
import pino from 'pino';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../test/auth-flow';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { giveCredits, waitFor } from '../test/generation-worker-harness';
import { openTestDatabase } from '../test/open-test-database';
import type { Database } from './db/database';
import { parseEnv } from './env';
import { IMAGES_URL_PREFIX } from './modules/images/image-store';
import { startServer, type RunningServer } from './start-server';

/**
 * `--role=api` and `--role=worker` on one database and one DATA_DIR: the real worker loop (preview
 * model) completes a generation and the API's socket clients see it through the realtime relay.
 */
describe('split roles: worker-only process, events over the relay', () => {
  let database: Database;
  let api: TestApp;
  let worker: RunningServer | undefined;
  let socket: Socket | undefined;

  beforeAll(async () => {
    database = await openTestDatabase();
    api = await createTestApp({ database });
  });
  afterAll(async () => {
    socket?.disconnect();
    await worker?.stop();
    await api.close();
    await database.close();
  });

  it('delivers update, result (with the PNG) and nothing twice', { timeout: 60_000 }, async () => {
    const alice = await createVerifiedUser(api.app, api.env.DATA_DIR, 'alice@example.com');
    await giveCredits(database.db, alice.userId, 1);
    const url = await api.app.listen({ port: 0, host: '127.0.0.1' });
    const client = connectClient(url, {
      path: REALTIME_PATH,
      auth: { token: alice.token },
      transports: ['websocket'],
      reconnection: false,
    });
    socket = client;
    await new Promise((resolve, reject) => {
      client.once('connect', () => resolve(undefined));
      client.once('connect_error', reject);
    });
    const messages: RealtimeMessage[] = [];
    client.on('message', (message: RealtimeMessage) => messages.push(message));

    const submit = await api.app.inject({
      method: 'POST',
      url: '/api/v1/generate',
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { source_prompt: '', content_prompt: 'a quiet harbour at night' },
    });
    expect(submit.statusCode).toBe(200);
    const { requestId } = submit.json<{ requestId: string }>();
    const channel = channels.generation(requestId);
    const ack = (await client.timeout(2000).emitWithAck('join', channel)) as JoinAck;
    expect(ack).toEqual({ status: 'SUBSCRIBED', channel });

    // The worker process: same database and DATA_DIR, no HTTP, no sockets. Its stop() closes the
    // database, which the API still uses here, so it gets a handle whose close() is a no-op.
    worker = await startServer({
      role: 'worker',
      env: parseEnv({ DATA_DIR: api.env.DATA_DIR, LOG_LEVEL: 'silent' }),
      database: { ...database, close: async () => undefined },
      logger: pino({ level: 'silent' }),
    });
    expect(worker.address).toBeUndefined();

    await waitFor(() => messages.some((message) => message.event === 'result'), 45_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const results = messages.filter((message) => message.event === 'result');
    expect(results).toHaveLength(1);
    const result = generationResultEventSchema.parse(results[0]?.payload);
    expect(result).toMatchObject({ request_id: requestId, status: 'completed', error: null });
    const key = (result.result_image_url ?? '').slice(IMAGES_URL_PREFIX.length);
    const stored = await readFile(path.join(api.env.DATA_DIR, 'images', key));
    const png = Buffer.from(result.result_base64 ?? '', 'base64');
    expect(png.equals(stored)).toBe(true);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');

    const updates = messages.filter((message) => message.event === 'update');
    expect(updates.map((message) => (message.payload as { status: string }).status)).toContain(
      'processing',
    );
    expect(updates.at(-1)?.payload).toMatchObject({ status: 'completed', progress: 1 });
    expect(messages.at(-1)?.event).toBe('result');
  });
});
