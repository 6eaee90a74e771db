import { describe, expect, it, vi } from 'vitest';
import { createDeferredSocket, type RealtimeSocket } from './realtime-socket';

function fakeSocket() {
  const calls: unknown[][] = [];
  const socket: RealtimeSocket = {
    active: true,
    on: (...args) => calls.push(['on', ...args]),
    emit: (...args) => calls.push(['emit', ...args]),
    connect: () => calls.push(['connect']),
    disconnect: () => calls.push(['disconnect']),
  };
  return { socket, calls };
}

describe('createDeferredSocket (socket.io-client loads after the first paint)', () => {
  it('replays the calls made before the socket arrived, in order, then passes calls through', async () => {
    const { socket, calls } = fakeSocket();
    let arrive!: (socket: RealtimeSocket) => void;
    const deferred = createDeferredSocket(() => new Promise((resolve) => (arrive = resolve)));
    const listener = vi.fn();
    deferred.on('connect', listener);
    deferred.emit('join', 'credits:u1');
    expect(deferred.active).toBe(false);
    expect(calls).toEqual([]);

    arrive(socket);
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    expect(calls).toEqual([
      ['on', 'connect', listener],
      ['emit', 'join', 'credits:u1'],
    ]);
    expect(deferred.active).toBe(true);

    deferred.disconnect();
    expect(calls.at(-1)).toEqual(['disconnect']);
  });

  it('warns instead of failing when the client cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const deferred = createDeferredSocket(() => Promise.reject(new Error('offline')));
    deferred.emit('join', 'credits:u1');
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});
