import { apiUrl } from './url';
import { afterPageLoad } from './after-page-load';

/** The part of a socket.io-client Socket this wrapper uses; tests pass a fake. */
export interface RealtimeSocket {
  readonly active?: boolean;
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export interface SocketFactoryOptions {
  path: string;
  /** Called on every (re)connection attempt, so each handshake carries a fresh token. */
  auth: (callback: (data: { token: string | null }) => void) => void;
}

export type SocketFactory = (options: SocketFactoryOptions) => RealtimeSocket;

/**
 * A socket usable at once whose real one comes from `load`: calls made before it arrives are
 * replayed on it in order, later calls go straight through.
 */
export function createDeferredSocket(load: () => Promise<RealtimeSocket>): RealtimeSocket {
  let real: RealtimeSocket | null = null;
  const queued: Array<(socket: RealtimeSocket) => void> = [];
  const whenLoaded = (call: (socket: RealtimeSocket) => void) => {
    if (real) call(real);
    else queued.push(call);
  };
  load().then(
    (socket) => {
      real = socket;
      for (const call of queued.splice(0)) call(socket);
    },
    (error: unknown) => console.warn('[realtime] The realtime client could not be loaded', error),
  );
  return {
    get active() {
      return real?.active ?? false;
    },
    on: (event, listener) => whenLoaded((socket) => socket.on(event, listener)),
    emit: (event, ...args) => whenLoaded((socket) => socket.emit(event, ...args)),
    connect: () => whenLoaded((socket) => socket.connect()),
    disconnect: () => whenLoaded((socket) => socket.disconnect()),
  };
}

/**
 * The app's Socket.IO connection to this server's realtime path. socket.io-client is loaded and
 * connected only after the page has shown its first data, so it does not hold back the
 * dashboard's first paint; events published meanwhile are covered by the queries the page has
 * just fetched.
 */
export const createSocket: SocketFactory = ({ path, auth }) =>
  createDeferredSocket(async () => {
    // Not fetched beside the first page's data: it would compete with it on a slow network.
    await afterPageLoad();
    const { io } = await import('socket.io-client');
    return io(apiUrl(''), { path, auth, transports: ['websocket', 'polling'] });
  });
