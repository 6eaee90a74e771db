import {
  createRealtimeClient,
  type RealtimeSocket,
  type SocketFactoryOptions,
} from '../../../lib/realtime';

type Listener = (...args: unknown[]) => void;

/** socket.io's Socket as the realtime wrapper sees it; the test plays the server. */
export class FakeSocket implements RealtimeSocket {
  active = true;
  listeners = new Map<string, Listener[]>();
  emitted: Array<{ event: string; args: unknown[] }> = [];

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
    return this;
  }
  disconnect() {
    return this;
  }
  joins(channel?: string) {
    return this.emitted.filter(
      (entry) => entry.event === 'join' && (channel === undefined || entry.args[0] === channel),
    );
  }
  leaves() {
    return this.emitted.filter((entry) => entry.event === 'leave').map((entry) => entry.args[0]);
  }
  /** Answers the latest join of `channel` (any channel when omitted). */
  ack(response: 'SUBSCRIBED' | 'CHANNEL_ERROR', channel?: string) {
    const call = this.joins(channel).at(-1);
    if (!call) throw new Error(`No join for ${channel ?? 'any channel'}`);
    const ack =
      response === 'SUBSCRIBED'
        ? { status: 'SUBSCRIBED', channel: call.args[0] }
        : { status: 'CHANNEL_ERROR', channel: call.args[0], reason: 'refused' };
    (call.args[1] as (ack: unknown) => void)(ack);
  }
  send(channel: string, event: string, payload: unknown = {}) {
    for (const listener of this.listeners.get('message') ?? []) {
      listener({ channel, event, payload });
    }
  }
}

/** The real realtime wrapper over a fake socket (same seam as src/lib/realtime.test.ts). */
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
