import type { RealtimeEvent } from '@nocturne/contract/realtime/events';

/**
 * Sends one event of the contract's event map to every client of its channel, whichever process
 * the client is connected to. Only the unit of work calls it (after commit); modules add events to
 * their transaction instead.
 */
export type PublishRealtime = (event: RealtimeEvent) => void;
