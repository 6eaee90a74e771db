import {
  channels,
  type LeaveAck,
  type RealtimeMessage,
} from '@nocturne/contract/realtime/channels';
import type { Generation } from '@nocturne/contract/generations/generation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { createRealtimeClients } from '../../../test/realtime-client';

const generationUpdate = { request_id: '', status: 'processing' as const };

describe('realtime (Socket.IO on /realtime)', () => {
  let ctx: TestApp;
  let url: string;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  const clients = createRealtimeClients();

  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
    url = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    clients.disconnectAll();
    await ctx.close();
  });

  const connect = (token: string | undefined) => clients.connect(url, token);
  const join = clients.join;

  it.each([
    ['no token', undefined],
    ['a bad token', 'not-a-jwt'],
  ])('refuses a connection with %s', async (_label, token) => {
    await expect(connect(token)).rejects.toThrow('UNAUTHORIZED');
  });

  it('lets a user join only their own credits and subscription channels', async () => {
    const socket = await connect(alice.token);
    expect(await join(socket, channels.credits(alice.userId))).toEqual({
      status: 'SUBSCRIBED',
      channel: channels.credits(alice.userId),
    });
    expect(await join(socket, channels.subscription(alice.userId))).toMatchObject({
      status: 'SUBSCRIBED',
    });
    expect(await join(socket, channels.credits(bob.userId))).toMatchObject({
      status: 'CHANNEL_ERROR',
      channel: channels.credits(bob.userId),
      reason: expect.any(String),
    });
    expect(await join(socket, channels.subscription(bob.userId))).toMatchObject({
      status: 'CHANNEL_ERROR',
    });
    expect(await join(socket, 'admin:everything')).toMatchObject({ status: 'CHANNEL_ERROR' });
  });

  it('asks the registered authorizer about generation channels', async () => {
    const socket = await connect(alice.token);
    // The generations module's authorizer: no such request id for alice.
    const ack = await join(socket, channels.generation('req-1'));
    expect(ack).toMatchObject({ status: 'CHANNEL_ERROR', reason: expect.any(String) });

    ctx.app.realtime.registerChannelAuthorizer(
      'generation',
      (user, id) => user.id === alice.userId && id === 'req-1',
    );
    // The generations module's snapshot reader would find no row req-1 either.
    ctx.app.realtime.registerChannelSnapshot('generation', async () => ({}) as Generation);
    expect(await join(socket, channels.generation('req-1'))).toMatchObject({
      status: 'SUBSCRIBED',
    });
    expect(await join(socket, channels.generation('req-2'))).toMatchObject({
      status: 'CHANNEL_ERROR',
    });
  });

  it('reads the snapshot after joining and carries it in the ack; no snapshot, no join', async () => {
    const socket = await connect(alice.token);
    const messages: RealtimeMessage[] = [];
    socket.on('message', (message: RealtimeMessage) => messages.push(message));
    ctx.app.realtime.registerChannelAuthorizer('generation', () => true);
    const snapshot = { request_id: 'req-3', status: 'queued' } as unknown as Generation;
    let failRead = false;
    ctx.app.realtime.registerChannelSnapshot('generation', async (user, id) => {
      if (failRead) throw new Error('database gone');
      // Read after the join: an event published now already reaches the joining socket.
      ctx.app.realtime.publish({
        channel: channels.generation(id),
        event: 'update',
        payload: { ...generationUpdate, request_id: id },
      });
      return { ...snapshot, request_id: id, id: user.id };
    });
    expect(await join(socket, channels.generation('req-3'))).toEqual({
      status: 'SUBSCRIBED',
      channel: channels.generation('req-3'),
      snapshot: { ...snapshot, request_id: 'req-3', id: alice.userId },
    });
    await expect
      .poll(() => messages.map((message) => message.channel))
      .toEqual([channels.generation('req-3')]);

    // Without its snapshot a client could miss a change from before the join: refused, and left.
    failRead = true;
    expect(await join(socket, channels.generation('req-4'))).toEqual({
      status: 'CHANNEL_ERROR',
      channel: channels.generation('req-4'),
      reason: 'Channel state unavailable',
    });
    failRead = false;
    ctx.app.realtime.publish({
      channel: channels.generation('req-4'),
      event: 'update',
      payload: { ...generationUpdate, request_id: 'req-4' },
    });
    // Delivery still works (req-3 is joined, its event sent after req-4's), while req-4's never
    // arrives.
    ctx.app.realtime.publish({
      channel: channels.generation('req-3'),
      event: 'update',
      payload: { ...generationUpdate, request_id: 'req-3' },
    });
    await expect.poll(() => messages.length).toBe(2);
    expect(messages.map((message) => message.channel)).not.toContain(channels.generation('req-4'));
  });

  it('publishes to joined sockets only, and stops after leave', async () => {
    const aliceSocket = await connect(alice.token);
    const bobSocket = await connect(bob.token);
    const channel = channels.credits(alice.userId);
    await join(aliceSocket, channel);
    await join(bobSocket, channels.credits(bob.userId));
    const aliceMessages: RealtimeMessage[] = [];
    const bobMessages: RealtimeMessage[] = [];
    aliceSocket.on('message', (message: RealtimeMessage) => aliceMessages.push(message));
    bobSocket.on('message', (message: RealtimeMessage) => bobMessages.push(message));

    ctx.app.realtime.publish({
      channel: channel,
      event: 'credit_updated',
      payload: { balance: 9 },
    });
    await expect.poll(() => aliceMessages.length).toBe(1);
    expect(aliceMessages[0]).toEqual({ channel, event: 'credit_updated', payload: { balance: 9 } });

    const leave = (await aliceSocket.timeout(2000).emitWithAck('leave', channel)) as LeaveAck;
    expect(leave).toEqual({ status: 'CLOSED', channel });
    ctx.app.realtime.publish({
      channel: channel,
      event: 'credit_updated',
      payload: { balance: 8 },
    });
    // A message to bob's own channel proves delivery still works while alice's stays silent.
    ctx.app.realtime.publish({
      channel: channels.credits(bob.userId),
      event: 'credit_updated',
      payload: { balance: 1 },
    });
    await expect.poll(() => bobMessages.length).toBe(1);
    expect(bobMessages[0]?.channel).toBe(channels.credits(bob.userId));
    expect(aliceMessages).toHaveLength(1);
  });
});
