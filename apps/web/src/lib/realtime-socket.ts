import { io } from 'socket.io-client';
import { apiUrl } from './url';

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

/** The app's Socket.IO connection to this server's realtime path. */
export const createSocket: SocketFactory = ({ path, auth }) =>
  io(apiUrl(''), { path, auth, transports: ['websocket', 'polling'] });
