import { describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../test/support/fake-realtime';
import { setupRealtimeClientTests } from '../../test/lib/realtime-fixtures';

describe('realtime client', () => {
  const { sockets, createClient } = setupRealtimeClientTests();

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
