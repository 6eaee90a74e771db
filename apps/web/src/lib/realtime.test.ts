import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../testing/fake-realtime';
import { generation } from '@nocturne/contract/testing/generation-row';
import { createRealtimeClient } from './realtime';

/** A generation row as the server's join ack carries it for generation:r1. */
const ROW = generation(1, {
  id: 'g1',
  request_id: 'r1',
  status: 'queued',
  content_prompt: 'an owl',
  result_image_url: null,
  seed: 7,
});

describe('realtime client', () => {
  let sockets: FakeSocket[];
  const getToken = vi.fn(async (options?: { forceRefresh?: boolean }) =>
    options?.forceRefresh ? 'fresh-token' : 'token-1',
  );

  function createClient() {
    return createRealtimeClient({
      socketFactory: (options) => {
        const socket = new FakeSocket(options);
        sockets.push(socket);
        return socket;
      },
      getToken,
      ackTimeoutMs: 5_000,
      reconnectDelayMs: 1_000,
    });
  }

  beforeEach(() => {
    sockets = [];
    getToken.mockClear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('opens one connection on /realtime that authenticates with the token', async () => {
    const client = createClient();
    client.subscribe('credits:u1', () => {});
    client.subscribe('subscription:u1', () => {});
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.options.path).toBe('/realtime');
    const auth = await new Promise((resolve) => sockets[0]?.options.auth(resolve));
    expect(auth).toEqual({ token: 'token-1' });
  });

  it('waits 100 ms before joining, then reports SUBSCRIBED from the ack', async () => {
    const client = createClient();
    const onStatus = vi.fn();
    client.subscribe('generation:r1', () => {}, onStatus);
    const socket = sockets[0] as FakeSocket;
    await vi.advanceTimersByTimeAsync(99);
    expect(socket.joins()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.joins()[0]?.args[0]).toBe('generation:r1');
    socket.ackLatestJoin({ status: 'SUBSCRIBED', channel: 'generation:r1', snapshot: ROW });
    expect(onStatus).toHaveBeenLastCalledWith('SUBSCRIBED', undefined, ROW);
  });

  it('refuses a generation join whose ack has no snapshot, or a malformed one', async () => {
    const client = createClient();
    const onStatus = vi.fn();
    client.subscribe('generation:r1', () => {}, onStatus);
    await vi.advanceTimersByTimeAsync(100);
    const socket = sockets[0] as FakeSocket;
    // Without the row as of the join, a change made before it could be missed.
    socket.ackLatestJoin({ status: 'SUBSCRIBED', channel: 'generation:r1' });
    expect(onStatus).toHaveBeenLastCalledWith(
      'CHANNEL_ERROR',
      'Malformed channel snapshot',
      undefined,
    );
    client.subscribe('generation:r2', () => {}, onStatus);
    await vi.advanceTimersByTimeAsync(100);
    socket.ackLatestJoin({
      status: 'SUBSCRIBED',
      channel: 'generation:r2',
      snapshot: { ...ROW, status: 'unknown' },
    });
    expect(onStatus).toHaveBeenLastCalledWith(
      'CHANNEL_ERROR',
      'Malformed channel snapshot',
      undefined,
    );
  });

  it('maps a refused join to CHANNEL_ERROR with the reason', async () => {
    const client = createClient();
    const onStatus = vi.fn();
    client.subscribe('credits:someone-else', () => {}, onStatus);
    await vi.advanceTimersByTimeAsync(100);
    sockets[0]?.ackLatestJoin({
      status: 'CHANNEL_ERROR',
      channel: 'credits:someone-else',
      reason: 'Forbidden',
    });
    expect(onStatus).toHaveBeenLastCalledWith('CHANNEL_ERROR', 'Forbidden', undefined);
  });

  it('reports TIMED_OUT when no ack arrives in time', async () => {
    const client = createClient();
    const onStatus = vi.fn();
    client.subscribe('generation:r1', () => {}, onStatus);
    await vi.advanceTimersByTimeAsync(100 + 4_999);
    expect(onStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onStatus).toHaveBeenLastCalledWith('TIMED_OUT', undefined, undefined);
  });

  it('delivers messages of subscribed channels only, parsed by the contract map', async () => {
    const client = createClient();
    const onEvent = vi.fn();
    client.subscribe('generation:r1', onEvent);
    await vi.advanceTimersByTimeAsync(100);
    const socket = sockets[0] as FakeSocket;
    socket.ackLatestJoin({ status: 'SUBSCRIBED', channel: 'generation:r1', snapshot: ROW });
    const update = { request_id: 'r1', status: 'processing', progress: 0.5 };
    socket.serverSends('message', { channel: 'generation:r1', event: 'update', payload: update });
    socket.serverSends('message', {
      channel: 'generation:other',
      event: 'update',
      payload: { ...update, request_id: 'other' },
    });
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith({ event: 'update', payload: update });
  });

  it('gives each handler the events of its own channel kind', async () => {
    const client = createClient();
    const onCredits = vi.fn();
    client.subscribe('credits:u1', onCredits);
    await vi.advanceTimersByTimeAsync(100);
    const socket = sockets[0] as FakeSocket;
    socket.ackLatestJoin({ status: 'SUBSCRIBED', channel: 'credits:u1' });
    socket.send('credits:u1', 'credit_updated', { balance: 7, extra: 'dropped' });
    expect(onCredits).toHaveBeenCalledWith({ event: 'credit_updated', payload: { balance: 7 } });
  });

  it.each([
    ['an unknown event name', 'surprise', { request_id: 'r1', status: 'processing' }],
    ['an event of another channel kind', 'credit_updated', { balance: 1 }],
    ['a payload that does not match', 'update', { request_id: 'r1', status: 'Processing' }],
  ])('logs and ignores %s', async (_case, event, payload) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createClient();
    const onEvent = vi.fn();
    client.subscribe('generation:r1', onEvent);
    await vi.advanceTimersByTimeAsync(100);
    const socket = sockets[0] as FakeSocket;
    socket.ackLatestJoin({ status: 'SUBSCRIBED', channel: 'generation:r1', snapshot: ROW });
    socket.send('generation:r1', event, payload);
    expect(onEvent).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[realtime]'), {
      channel: 'generation:r1',
      event,
    });
    warn.mockRestore();
  });

  it('logs and ignores a message that is not a channel message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const client = createClient();
    const onEvent = vi.fn();
    client.subscribe('generation:r1', onEvent);
    await vi.advanceTimersByTimeAsync(100);
    sockets[0]?.ackLatestJoin({ status: 'SUBSCRIBED', channel: 'generation:r1', snapshot: ROW });
    sockets[0]?.serverSends('message', { nonsense: true });
    expect(onEvent).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('unsubscribing leaves the channel and reports CLOSED; before the join it sends nothing', async () => {
    const client = createClient();
    const early = vi.fn();
    const stopEarly = client.subscribe('generation:early', () => {}, early);
    stopEarly();
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets[0]?.emitted).toHaveLength(0);
    expect(early).toHaveBeenLastCalledWith('CLOSED', undefined, undefined);

    const onStatus = vi.fn();
    const stop = client.subscribe('generation:r1', () => {}, onStatus);
    await vi.advanceTimersByTimeAsync(100);
    sockets[0]?.ackLatestJoin({ status: 'SUBSCRIBED', channel: 'generation:r1', snapshot: ROW });
    stop();
    expect(sockets[0]?.emitted.at(-1)).toMatchObject({
      event: 'leave',
      args: ['generation:r1', expect.any(Function)],
    });
    expect(onStatus).toHaveBeenLastCalledWith('CLOSED', undefined, undefined);
  });

  it('re-joins subscribed channels after a reconnect', async () => {
    const client = createClient();
    client.subscribe('credits:u1', () => {});
    await vi.advanceTimersByTimeAsync(100);
    const socket = sockets[0] as FakeSocket;
    socket.serverSends('connect');
    socket.ackLatestJoin({ status: 'SUBSCRIBED', channel: 'credits:u1' });
    expect(socket.joins()).toHaveLength(1);
    socket.serverSends('connect'); // reconnected
    expect(socket.joins()).toHaveLength(2);
    expect(socket.joins()[1]?.args[0]).toBe('credits:u1');
  });

  it('retries a refused handshake with a freshly forced token', async () => {
    createClient().subscribe('credits:u1', () => {});
    const socket = sockets[0] as FakeSocket;
    socket.active = false;
    socket.serverSends('connect_error', new Error('invalid token'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.connects).toBe(1);
    const auth = await new Promise((resolve) => socket.options.auth(resolve));
    expect(auth).toEqual({ token: 'fresh-token' });
  });

  it('comes back with a fresh token when the server closes the socket (token expiry)', async () => {
    const client = createClient();
    client.subscribe('credits:u1', () => {});
    await vi.advanceTimersByTimeAsync(100);
    const socket = sockets[0] as FakeSocket;
    socket.serverSends('connect');
    socket.ackLatestJoin({ status: 'SUBSCRIBED', channel: 'credits:u1' });
    socket.serverSends('disconnect', 'io server disconnect');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(socket.connects).toBe(1);
    const auth = await new Promise((resolve) => socket.options.auth(resolve));
    expect(auth).toEqual({ token: 'fresh-token' });
    socket.serverSends('connect');
    expect(socket.joins('credits:u1')).toHaveLength(2);
  });

  it('leaves a dropped connection to socket.io’s own reconnection', async () => {
    createClient().subscribe('credits:u1', () => {});
    const socket = sockets[0] as FakeSocket;
    socket.serverSends('disconnect', 'transport close');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(socket.connects).toBe(0);
  });

  it('disconnect() closes every subscription and the socket', async () => {
    const client = createClient();
    const onStatus = vi.fn();
    client.subscribe('credits:u1', () => {}, onStatus);
    client.disconnect();
    expect(onStatus).toHaveBeenLastCalledWith('CLOSED', undefined, undefined);
    expect(sockets[0]?.disconnected).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets[0]?.joins()).toHaveLength(0);
  });
});
