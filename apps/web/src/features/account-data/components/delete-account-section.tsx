import { useState } from 'react';
import { DELETE_ACCOUNT_CONFIRMATION } from '@nocturne/contract/account-data/delete-account';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeleteAccount } from '../api/delete-account';
import { SectionCard } from '../../../components/ui/section-card';

/**
 * Profile section: deletes the account for good. The button stays disabled until the person has
 * typed DELETE, so no stray click or key press can take an account with it.
 */
export function DeleteAccountSection() {
  const [confirmation, setConfirmation] = useState('');
  const deleteAccount = useDeleteAccount();
  const confirmed = confirmation === DELETE_ACCOUNT_CONFIRMATION;
  return (
    <SectionCard id="delete-account" title="Delete account" tone="danger">
      <div className="flex flex-col gap-2 text-sm text-zinc-300">
        <p>
          This permanently deletes your profile, sign-in details and sessions, your generations,
          your favorites and every stored image. It cannot be undone; download your data first if
          you want to keep a copy.
        </p>
        <p>
          Kept: your credit transactions, without your name, email or account id, because our
          bookkeeping has to keep them.
        </p>
      </div>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed) deleteAccount.mutate();
        }}
      >
        <Input
          label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          containerClassName="sm:w-64"
        />
        <Button
          type="submit"
          variant="danger"
          disabled={!confirmed}
          loading={deleteAccount.isPending || deleteAccount.isSuccess}
        >
          Delete my account
        </Button>
      </form>
      {deleteAccount.isError && (
        <p role="alert" className="text-sm text-rose-300">
          {getErrorMessage(deleteAccount.error)}
        </p>
      )}
    </SectionCard>
  );
}
