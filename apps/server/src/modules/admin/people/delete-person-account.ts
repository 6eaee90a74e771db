import type { UnitOfWork } from '../../../db/create-unit-of-work';
import { deleteUserAccount } from '../../account-data/delete-user-account';
import type { ImageStore } from '../../images/image-store';
import { AppError } from '../../../lib/app-error';
import { recordAdminAction } from '../../admin-audit/admin-audit-repository';
import type { RequestOperator } from '../../operators/require-operator';

/**
 * DELETE /api/v1/admin/users/{id}: the person's own deletion path (ledger and payments kept under
 * a pseudonym, everything else gone, sessions and sockets ended), with the audit row written in
 * its transaction. The audit row keeps the id, which no longer names anyone.
 */
export async function deletePersonAccount(options: {
  unitOfWork: UnitOfWork;
  images: ImageStore;
  operator: RequestOperator;
  userId: string;
  reason: string;
  disconnectUser: (userId: string) => void;
  forgetUser: (userId: string) => void;
}): Promise<void> {
  const { userId } = options;
  await deleteUserAccount({
    unitOfWork: options.unitOfWork,
    images: options.images,
    userId,
    disconnectUser: options.disconnectUser,
    forgetUser: options.forgetUser,
    record: (tx) =>
      recordAdminAction(tx, {
        operator: options.operator,
        action: 'account_delete',
        targetUserId: userId,
        reason: options.reason,
        before: { account: 'present' },
        after: { account: 'deleted' },
      }),
  }).catch((error: unknown) => {
    // The deletion path answers its own caller UNAUTHORIZED for a missing account; here the
    // signed-in operator asked about someone else, who is not found.
    if (error instanceof AppError && error.code === 'UNAUTHORIZED') throw new AppError('NOT_FOUND');
    throw error;
  });
}
