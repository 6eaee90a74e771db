import { z } from 'zod';

/**
 * DELETE /api/v1/user/account: the person's user row, sessions, generations, favorites and image
 * files are gone; their credit ledger rows stay, pseudonymized, for the books.
 */
export const deleteAccountResponseSchema = z
  .object({ deleted: z.literal(true) })
  .meta({ id: 'DeleteAccountResponse' });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** What the person types to unlock the delete button (an accidental click deletes nothing). */
export const DELETE_ACCOUNT_CONFIRMATION = 'DELETE';
