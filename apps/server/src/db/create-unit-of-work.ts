import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import type { Logger } from '../lib/create-logger';
import type { DbHandle } from './database';

/** What a transaction collects: events that leave only once it has committed. */
export interface RealtimeEvents {
  add(event: RealtimeEvent): void;
  /** Runs `effect` once the change has committed (metrics), after its events; never on rollback. */
  afterCommit?(effect: () => void): void;
}

export interface UnitOfWork {
  /**
   * Runs `work` in one transaction. The events it adds are published after the commit, in the
   * order they were added; a rollback drops them.
   */
  transaction<T>(work: (tx: DbHandle, events: RealtimeEvents) => Promise<T>): Promise<T>;
  /**
   * For a change that is one statement: `work` makes that single statement on the database
   * itself, outside any transaction, so it commits as it answers, in one round trip instead of
   * three (begin, statement, commit). Its events are published once it has answered, in order;
   * when it fails they are dropped. `work` must not make a second write: two autocommitted
   * statements are not atomic.
   */
  statement<T>(work: (db: DbHandle, events: RealtimeEvents) => Promise<T>): Promise<T>;
  /** For an event no transaction causes (throttled progress): published now, the same way. */
  publish(event: RealtimeEvent): void;
}

/**
 * The one way events leave the server. The state change is already durable when an event is
 * published, so a failing publish is logged and never fails the request or job that caused it.
 */
export function createUnitOfWork(options: {
  db: DbHandle;
  /** Sends one event to its channel's clients (the realtime module's publisher). */
  publish: (event: RealtimeEvent) => void;
  logger: Logger;
}): UnitOfWork {
  const { db, logger } = options;
  const publish = (event: RealtimeEvent) => {
    try {
      options.publish(event);
    } catch (error) {
      logger.warn(
        { err: error, event: event.event, channel: event.channel },
        'realtime publish failed',
      );
    }
  };
  /** Runs `change`, then publishes what it added, in order; a failure drops them. */
  async function thenPublish<T>(change: (events: RealtimeEvents) => Promise<T>): Promise<T> {
    const collected: RealtimeEvent[] = [];
    const effects: (() => void)[] = [];
    const result = await change({
      add: (event) => void collected.push(event),
      afterCommit: (effect) => void effects.push(effect),
    });
    collected.forEach(publish);
    effects.forEach((effect) => effect());
    return result;
  }
  return {
    transaction: (work) => thenPublish((events) => db.transaction((tx) => work(tx, events))),
    statement: (work) => thenPublish((events) => work(db, events)),
    publish,
  };
}
