import { createRealtimeClient } from '../../src/lib/realtime';
import type { RealtimeSocket, SocketFactoryOptions } from '../../src/lib/realtime-socket';

type Listener = (...args: unknown[]) => void;

/** socket.io's Socket as the realtime wrapper sees it: records emits; the test plays the server. */
export class FakeSocket implements RealtimeSocket {
  active = true;
  listeners = new Map<string, Listener[]>();
  emitted: Array<{ event: string; args: unknown[] }> = [];
  connects = 0;
  disconnected = false;

  constructor(readonly options: SocketFactoryOptions) {}

  on(event: string, listener: (...args: never[]) => void) {
    const list = this.listeners.get(event) ?? [];
    list.push(listener as Listener);
    this.listeners.set(event, list);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }
  connect() {
    this.connects += 1;
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  /** Fires a socket-level event (connect, connect_error, message, …) as the server would. */
  serverSends(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  joins(channel?: string) {
    return this.emitted.filter(
      (entry) => entry.event === 'join' && (channel === undefined || entry.args[0] === channel),
    );
  }
  leaves() {
    return this.emitted.filter((entry) => entry.event === 'leave').map((entry) => entry.args[0]);
  }
  /** Answers the latest join of `channel` (any channel when omitted) with `response` as is. */
  ackLatestJoin(response: unknown, channel?: string) {
    const call = this.joins(channel).at(-1);
    if (!call) throw new Error(`No join for ${channel ?? 'any channel'}`);
    (call.args[1] as (ack: unknown) => void)(response);
  }
  /**
   * Accepts (with the channel's snapshot, which generation channels carry) or refuses the latest
   * join of `channel` (any channel when omitted).
   */
  ack(response: 'SUBSCRIBED' | 'CHANNEL_ERROR', channel?: string, snapshot?: unknown) {
    const joined = this.joins(channel).at(-1)?.args[0];
    this.ackLatestJoin(
      response === 'SUBSCRIBED'
        ? { status: 'SUBSCRIBED', channel: joined, ...(snapshot === undefined ? {} : { snapshot }) }
        : { status: 'CHANNEL_ERROR', channel: joined, reason: 'refused' },
      channel,
    );
  }
  /** Delivers a channel message as the server would. */
  send(channel: string, event: string, payload: unknown = {}) {
    this.serverSends('message', { channel, event, payload });
  }
}

/**
 * The real realtime wrapper over a fake socket, joining at once (lib/realtime-channels.test.ts
 * covers delays).
 */
export function createFakeRealtime({ ackTimeoutMs = 60_000 }: { ackTimeoutMs?: number } = {}) {
  const sockets: FakeSocket[] = [];
  const client = createRealtimeClient({
    socketFactory: (options) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    },
    getToken: async () => 'token',
    subscribeDelayMs: 0,
    ackTimeoutMs,
  });
  return {
    client,
    socket: () => {
      const socket = sockets[0];
      if (!socket) throw new Error('No socket was opened');
      return socket;
    },
  };
}
