import type { ChannelKind, ChannelName, ChannelStatus } from '@nocturne/contract/realtime/channels';
import type { KindOfChannel, ParsedRealtimeEvent } from '@nocturne/contract/realtime/events';
import type { JoinSnapshot } from '@nocturne/contract/realtime/join-snapshots';
import type { SocketFactory } from './realtime-socket';

/* The shapes of the app's realtime client (realtime.ts) and of what it hands its subscribers. */

/** Receives only events of the contract's map for the channel's kind, parsed by their schema. */
export type RealtimeEventHandler<K extends ChannelKind> = (event: ParsedRealtimeEvent<K>) => void;

/**
 * A channel's status; on SUBSCRIBED, for kinds that have one (join-snapshots.ts), the channel's
 * state as of the join: every change before it is in the snapshot, every later one an event.
 */
export type RealtimeStatusHandler<K extends ChannelKind = ChannelKind> = (
  status: ChannelStatus,
  reason?: string,
  snapshot?: JoinSnapshot<K>,
) => void;

export interface RealtimeClientDeps {
  socketFactory?: SocketFactory;
  getToken?: (options?: { forceRefresh?: boolean }) => Promise<string | null>;
  subscribeDelayMs?: number;
  /** No ack within this time reports TIMED_OUT (spec §4). */
  ackTimeoutMs?: number;
  /** Delay before reconnecting after the server refused the handshake (e.g. expired token). */
  reconnectDelayMs?: number;
}

export interface RealtimeClient {
  /** Joins `channel` after 100 ms (spec §9); returns the unsubscribe function. */
  subscribe<C extends ChannelName>(
    channel: C,
    onEvent: RealtimeEventHandler<KindOfChannel<C>>,
    onStatus?: RealtimeStatusHandler<KindOfChannel<C>>,
  ): () => void;
  disconnect(): void;
}
