import { useMutation } from '@tanstack/react-query';
import {
  deleteAccountResponseSchema,
  type DeleteAccountResponse,
} from '@nocturne/contract/account-data/delete-account';
import { request } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { resetAuthAndRedirect } from '../../../lib/auth-reset';

/**
 * `DELETE /api/v1/user/account`. Not retried: once it has succeeded, a resend could only be
 * refused (the account and its tokens are gone).
 */
export function deleteAccount(): Promise<DeleteAccountResponse> {
  return request({
    method: 'DELETE',
    path: '/user/account',
    retry: false,
    schema: deleteAccountResponseSchema,
  });
}

/**
 * Deletes the account, then signs out everywhere in this browser and lands on /login, which says
 * the account is deleted.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationKey: ['account-data', 'delete'],
    mutationFn: deleteAccount,
    onSuccess: () => resetAuthAndRedirect(paths.auth.login.getHref({ deleted: true })),
  });
}
