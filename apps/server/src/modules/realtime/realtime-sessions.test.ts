import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { channels } from '@nocturne/contract/realtime/channels';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { waitFor } from '../../../test/generation-worker-harness';
import { createRealtimeClients } from '../../../test/realtime-client';
import { AppError } from '../../lib/app-error';
import { createLogger } from '../../lib/create-logger';
import type { TokenUser } from '../auth/create-token-verifier';
import { createChannelAuthorizerRegistry } from './channel-authorizers';
import { createRealtimeServer, MAX_SOCKETS_PER_USER } from './create-realtime-server';
import { MAX_JOINS_PER_WINDOW } from './handle-channel-requests';

const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

describe('realtime sockets end with the session (issue 13)', () => {
  let ctx: TestApp;
  let url: string;
  let alice: { token: string; userId: string; cookie: string };
  const clients = createRealtimeClients();

  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    clients.disconnectAll();
    await ctx.close();
  });
  afterEach(() => clients.disconnectAll());

  it('throttles joins per socket', async () => {
    const socket = await clients.connect(url, alice.token);
    const channel = channels.credits(alice.userId);
    const acks = [];
    for (let join = 0; join <= MAX_JOINS_PER_WINDOW; join += 1) {
      acks.push(await clients.join(socket, channel));
    }
    expect(acks.slice(0, MAX_JOINS_PER_WINDOW).every((ack) => ack.status === 'SUBSCRIBED')).toBe(
      true,
    );
    expect(acks.at(-1)).toEqual({ status: 'CHANNEL_ERROR', channel, reason: 'Too many joins' });
  });

  it('bounds the sockets one person may hold open', async () => {
    for (let open = 0; open < MAX_SOCKETS_PER_USER; open += 1) {
      await clients.connect(url, alice.token);
    }
    await expect(clients.connect(url, alice.token)).rejects.toThrow('TOO_MANY_CONNECTIONS');
  });

  it('a sign-out closes that person’s sockets', async () => {
    const socket = await clients.connect(url, alice.token);
    const closed = disconnected(socket);
    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: {
        cookie: alice.cookie,
        origin: TEST_PUBLIC_URL,
        host: new URL(TEST_PUBLIC_URL).host,
      },
    });
    expect(signOut.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

describe('realtime token checks after the handshake (issue 13)', () => {
  let httpServer: HttpServer;
  let url: string;
  let realtime: ReturnType<typeof createRealtimeServer>;
  const clients = createRealtimeClients();
  const tokens = new Map<string, TokenUser>();
  /** Tokens whose session ends right after their next successful check. */
  const endingAfterNextCheck = new Set<string>();

  beforeAll(async () => {
    httpServer = createServer();
    realtime = createRealtimeServer({
      httpServer,
      // Stands for the JWT verifier: a token is valid while it is in the map.
      verifyAccessToken: async (token) => {
        const user = tokens.get(token);
        if (!user) throw new AppError('UNAUTHORIZED');
        if (endingAfterNextCheck.delete(token)) tokens.delete(token);
        return user;
      },
      authorizers: createChannelAuthorizerRegistry(),
      corsOrigins: [],
      // No adapter, so no result is relayed from another process.
      readImage: () => Promise.reject(new Error('no images here')),
      logger: createLogger({ LOG_LEVEL: 'silent' }),
    });
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    clients.disconnectAll();
    await realtime.close();
    await new Promise((resolve) => httpServer.close(resolve));
  });

  it('closes a socket when its token expires', async () => {
    tokens.set('short', {
      id: 'u1',
      email: '',
      sessionId: 's1',
      expiresAt: new Date(Date.now() + 300),
    });
    const socket = await clients.connect(url, 'short');
    expect(await disconnected(socket)).toBe('io server disconnect');
  });

  it('closes a socket whose session ends between the handshake and joining its room', async () => {
    tokens.set('racing', {
      id: 'u3',
      email: '',
      sessionId: 's3',
      expiresAt: new Date(Date.now() + 60_000),
    });
    endingAfterNextCheck.add('racing');
    const socket = await clients.connect(url, 'racing');
    // Its disconnection can arrive with the connection itself, before a listener could be added.
    await waitFor(() => socket.disconnected, 2_000);
  });

  it('refuses a join and closes the socket once its token no longer verifies', async () => {
    tokens.set('revoked', {
      id: 'u2',
      email: '',
      sessionId: 's2',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const socket = await clients.connect(url, 'revoked');
    expect(await clients.join(socket, channels.credits('u2'))).toMatchObject({
      status: 'SUBSCRIBED',
    });
    tokens.delete('revoked'); // e.g. the account was deleted on another process
    const closed = disconnected(socket);
    expect(await clients.join(socket, channels.subscription('u2'))).toEqual({
      status: 'CHANNEL_ERROR',
      channel: channels.subscription('u2'),
      reason: 'Session expired',
    });
    expect(await closed).toBe('io server disconnect');
  });
});
