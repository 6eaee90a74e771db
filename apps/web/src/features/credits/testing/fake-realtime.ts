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
  joins() {
    return this.emitted.filter((entry) => entry.event === 'join');
  }
  /** Answers the latest join of `channel`. */
  ackLatestJoin(response: unknown) {
    const call = this.joins().at(-1);
    (call?.args[1] as (ack: unknown) => void)(response);
  }
  send(channel: string, event: string, payload: unknown = {}) {
    for (const listener of this.listeners.get('message') ?? []) {
      listener({ channel, event, payload });
    }
  }
}

/** The real realtime wrapper over a fake socket (same seam as src/lib/realtime.test.ts). */
export function createFakeRealtime() {
  const sockets: FakeSocket[] = [];
  const client = createRealtimeClient({
    socketFactory: (options) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    },
    getToken: async () => 'token',
    subscribeDelayMs: 0,
    ackTimeoutMs: 60_000,
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
