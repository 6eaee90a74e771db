import { REALTIME_PATH, type JoinAck } from '@nocturne/contract/realtime/channels';
import { io as connectClient, type Socket } from 'socket.io-client';

/**
 * Real Socket.IO clients for server tests. Every socket made here is remembered so a test file
 * can disconnect them all in afterAll.
 */
export function createRealtimeClients() {
  const sockets: Socket[] = [];
  return {
    /** Resolves with the socket once connected, or rejects with the connect_error message. */
    connect(url: string, token: string | undefined): Promise<Socket> {
      const socket = connectClient(url, {
        path: REALTIME_PATH,
        auth: token === undefined ? {} : { token },
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (error) => reject(error));
      });
    },
    join(socket: Socket, channel: string): Promise<JoinAck> {
      return socket.timeout(2000).emitWithAck('join', channel) as Promise<JoinAck>;
    },
    disconnectAll() {
      sockets.splice(0).forEach((socket) => socket.disconnect());
    },
  };
}
