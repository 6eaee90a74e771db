import pino from 'pino';
import type { AppDb } from '../src/db/database';
import { createUnitOfWork, type UnitOfWork } from '../src/db/create-unit-of-work';

/** A unit of work on `db` whose events go nowhere: for tests about the queue or the ledger. */
export function silentUnitOfWork(db: AppDb): UnitOfWork {
  return createUnitOfWork({ db, publish: () => undefined, logger: pino({ level: 'silent' }) });
}
