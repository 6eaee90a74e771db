import { describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../test/support/fake-realtime';
import { ROW, setupRealtimeClientTests } from '../../test/lib/realtime-fixtures';

describe('realtime client', () => {
  const { sockets, createClient } = setupRealtimeClientTests();

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
});
