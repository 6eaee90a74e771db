import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import type { RealtimeEvents } from '../src/db/create-unit-of-work';

/** A transaction's event collector whose events a test can read. */
export function collectEvents(): RealtimeEvents & { list: RealtimeEvent[] } {
  const list: RealtimeEvent[] = [];
  return { add: (event) => void list.push(event), list };
}

/** For tests about the ledger or the queue, not about what they announce. */
export const ignoreEvents: RealtimeEvents = { add: () => undefined };
