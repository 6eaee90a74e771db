import type {
  PersonLedgerQuery,
  PersonLedgerResponse,
} from '@nocturne/contract/admin/person-ledger';
import type { DbHandle } from '../../../db/database';
import { AppError } from '../../../lib/app-error';
import { personExists } from '../../auth/people-repository';
import { readLedgerPage } from '../../credits/repository/person-credits';

/** GET /api/v1/admin/users/{id}/ledger: one page of the ledger, newest first, with `total`. */
export async function findPersonLedger(options: {
  db: DbHandle;
  userId: string;
  query: PersonLedgerQuery;
}): Promise<PersonLedgerResponse> {
  const { db, userId, query } = options;
  if (!(await personExists(db, userId))) throw new AppError('NOT_FOUND');
  const { rows, total } = await readLedgerPage(db, userId, query);
  return {
    entries: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total,
  };
}
