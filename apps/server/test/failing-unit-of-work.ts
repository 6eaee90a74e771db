import type { AppDb } from '../src/db/database';
import type { RealtimeEvents, UnitOfWork } from '../src/db/create-unit-of-work';
import { silentUnitOfWork } from './silent-unit-of-work';

/** What a transaction hands its event collector: an event, or an effect for after the commit. */
export type CollectorCall = keyof RealtimeEvents;

/**
 * A unit of work on `db` whose transaction fails the first time its work hands the event
 * collector a `failOn` call: a failure between the statements before and after that call,
 * injected through the seam every service already uses, so nothing in the code under test knows.
 */
export function unitOfWorkFailingOn(db: AppDb, failOn: CollectorCall): UnitOfWork {
  const unitOfWork = silentUnitOfWork(db);
  const failing = (events: RealtimeEvents): RealtimeEvents => ({
    add(event) {
      if (failOn === 'add') throw new Error(`injected at ${failOn}`);
      events.add(event);
    },
    afterCommit(effect) {
      if (failOn === 'afterCommit') throw new Error(`injected at ${failOn}`);
      events.afterCommit?.(effect);
    },
  });
  return {
    ...unitOfWork,
    transaction: (work) => unitOfWork.transaction((tx, events) => work(tx, failing(events))),
    statement: (work) => unitOfWork.statement((db, events) => work(db, failing(events))),
  };
}
