import { REALTIME_MESSAGE_EVENT, type RealtimeMessage } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import type { Socket } from 'socket.io-client';
import { waitFor } from './generation-worker-harness';

/**
 * Whether a socket still gets a channel's pushes, answered without waiting for a push that may
 * never come: a numbered probe is published to `channel`, then the same number to `marker`, a
 * channel the socket keeps. One publisher's events reach a socket in the order they were sent, so
 * once the marker is in, a probe that has not arrived never will.
 */
export function createRoomProbe(options: {
  socket: Socket;
  channel: string;
  marker: string;
  /** Sends the event to the channel's sockets, in order (one process, or one connection). */
  publish: (event: RealtimeEvent) => void;
}) {
  let sent = 0;
  const received = new Set<string>();
  options.socket.on(REALTIME_MESSAGE_EVENT, (message: RealtimeMessage) => {
    const probe = (message.payload as { probe?: unknown } | undefined)?.probe;
    if (typeof probe === 'number') received.add(`${message.channel}#${probe}`);
  });
  const send = (channel: string, probe: number) =>
    options.publish({ channel, event: 'probe', payload: { probe } } as unknown as RealtimeEvent);
  return {
    /** True while the socket still gets the channel's pushes. */
    async reaches(): Promise<boolean> {
      sent += 1;
      const probe = sent;
      send(options.channel, probe);
      send(options.marker, probe);
      await waitFor(() => received.has(`${options.marker}#${probe}`), 5_000);
      return received.has(`${options.channel}#${probe}`);
    },
  };
}
