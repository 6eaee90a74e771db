import { randomBytes } from 'node:crypto';
import { get } from 'node:http';
import { channels, REALTIME_PATH } from '@nocturne/contract/realtime/channels';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { readZip } from '../../../test/read-zip';
import { favorites } from '../../modules/generations/generations-tables';

/** Several times the request deadline below: whatever outlives it was not cut by it. */
const LONGER_THAN_DEADLINE_MS = 1500;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('long-lived connections outlive the request deadline (HTTP_REQUEST_TIMEOUT_S)', () => {
  let ctx: TestApp;
  let url: string;
  let alice: { token: string; userId: string };
  const sockets: Socket[] = [];

  beforeAll(async () => {
    ctx = await createTestApp({ env: { HTTP_REQUEST_TIMEOUT_S: '0.3' } });
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'long@example.com');
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await ctx.close();
  });

  for (const transport of ['websocket', 'polling'] as const) {
    it(`keeps a Socket.IO connection over ${transport} open and working`, async () => {
      const socket = connectClient(url, {
        path: REALTIME_PATH,
        auth: { token: alice.token },
        transports: [transport],
        reconnection: false,
      });
      sockets.push(socket);
      await new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(undefined));
        socket.once('connect_error', reject);
      });
      const id = socket.id;
      let disconnected = '';
      socket.on('disconnect', (reason) => (disconnected = reason));
      await wait(LONGER_THAN_DEADLINE_MS);
      const ack = await socket.timeout(5000).emitWithAck('join', channels.credits(alice.userId));
      expect(ack).toMatchObject({ status: 'SUBSCRIBED' });
      expect(disconnected).toBe('');
      expect(socket.id).toBe(id);
    });
  }

  it('streams the whole export to a client that reads it slowly', async () => {
    // Random bytes do not compress: the ZIP stays larger than the socket buffers hold, so the
    // server is still writing while the client waits.
    const image = randomBytes(24 * 1024 * 1024);
    const key = await ctx.app.images.save(image);
    await ctx.database.db.insert(favorites).values({
      userId: alice.userId,
      sourcePrompt: '',
      contentPrompt: 'a large image',
      imagePath: key,
    });
    const zip = await new Promise<Buffer>((resolve, reject) => {
      const request = get(
        `${url}/api/v1/user/export`,
        { headers: { authorization: `Bearer ${alice.token}` } },
        (response) => {
          expect(response.statusCode).toBe(200);
          const chunks: Buffer[] = [];
          response.pause();
          setTimeout(() => response.resume(), LONGER_THAN_DEADLINE_MS);
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Buffer.concat(chunks)));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
    const files = await readZip(zip);
    expect([...files.values()].some((file) => file.equals(image))).toBe(true);
  });
});
