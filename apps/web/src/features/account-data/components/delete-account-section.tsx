import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DELETE_ACCOUNT_CONFIRMATION } from '@nocturne/contract/account-data/delete-account';
import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { SectionCard } from '../../../components/ui/section-card';
import { getErrorMessage } from '../../../lib/get-error-message';
import { useDeleteAccount } from '../api/delete-account';

/** The word, exactly as asked: the form is valid only once it is typed. */
const confirmationSchema = z.object({
  confirmation: z.string().pipe(z.literal(DELETE_ACCOUNT_CONFIRMATION)),
});

/**
 * Profile section: deletes the account for good. The button stays disabled until the person has
 * typed DELETE, so no stray click or key press can take an account with it.
 */
export function DeleteAccountSection() {
  const form = useForm({
    resolver: zodResolver(confirmationSchema),
    defaultValues: { confirmation: '' },
  });
  const deleteAccount = useDeleteAccount();
  const submit = form.handleSubmit(() => deleteAccount.mutate());
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
      <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit}>
        <Input
          label={`Type ${DELETE_ACCOUNT_CONFIRMATION} to confirm`}
          autoComplete="off"
          spellCheck={false}
          containerClassName="sm:w-64"
          {...form.register('confirmation')}
        />
        <Button
          type="submit"
          variant="danger"
          disabled={!form.formState.isValid}
          loading={deleteAccount.isPending || deleteAccount.isSuccess}
        >
          Delete my account
        </Button>
      </form>
      {deleteAccount.isError && <AlertText>{getErrorMessage(deleteAccount.error)}</AlertText>}
    </SectionCard>
  );
}
