import type { UnitOfWork } from '../../db/create-unit-of-work';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { deletePerson, lockPerson } from '../auth/people-repository';
import { notifyUserDeleted } from '../auth/user-existence-cache';
import { pseudonymizePayments } from '../billing/payments-repository';
import { pseudonymizeLedger } from '../credits/repository/person-credits';
import { storedImageKeysOf } from '../generations/repository/person-generations';
import type { ImageStore } from '../images/image-store';
import { pseudonymizeUserId } from './pseudonymize-user-id';

/**
 * DELETE /user/account, in one transaction: the ledger rows are rewritten to the pseudonym (ids
 * and the idempotency keys that embed the id, e.g. `daily:{userId}:…`) so the books keep every
 * amount; payments likewise (their order ids, and the IPN audit rows that quote them, name the
 * person). Then deleting the user row cascades to sessions, sign-in accounts, the balance row,
 * the subscription, generations and favorites. Image files go only after the commit (a rollback keeps them), and
 * every realtime socket of the person is disconnected; their JWTs fail the verifier's
 * user-exists check from the commit on (every process forgets the user: NOTIFY user_deleted).
 */
export async function deleteUserAccount(options: {
  unitOfWork: UnitOfWork;
  images: ImageStore;
  userId: string;
  disconnectUser: (userId: string) => void;
  /** This process's token check forgets the user (other processes hear the NOTIFY). */
  forgetUser: (userId: string) => void;
  /** Runs in the deletion's transaction once the user is locked (an operator's audit row). */
  record?: (tx: DbHandle) => Promise<void>;
}): Promise<void> {
  const { userId } = options;
  const imageKeys = await options.unitOfWork.transaction(async (tx) => {
    // Locked first: a concurrent save or submit of this user waits on its foreign key and then
    // fails, instead of adding a row (and a file) after the list below was read.
    if (!(await lockPerson(tx, userId))) throw new AppError('UNAUTHORIZED');
    await options.record?.(tx);
    const keys = await storedImageKeysOf(tx, userId);
    const pseudonym = pseudonymizeUserId(userId);
    await pseudonymizeLedger(tx, userId, pseudonym);
    await pseudonymizePayments(tx, userId, pseudonym);
    await deletePerson(tx, userId);
    await notifyUserDeleted(tx, userId);
    return keys;
  });
  options.forgetUser(userId);
  options.disconnectUser(userId);
  for (const key of imageKeys) await options.images.remove(key);
}
