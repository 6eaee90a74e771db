import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  adminReasonBodySchema,
  setPersonGenerationBodySchema,
} from '@nocturne/contract/admin/person-actions';
import { Input } from '../../../../components/ui/input';
import { fieldProps } from '../../../../lib/forms/field-props';
import { useDeletePerson, useEndSessions, useSetGeneration } from '../api/person-actions';
import { REASON_MESSAGES } from '../utils/reason-form';
import { ReasonDialog } from './reason-dialog';

interface DialogProps {
  userId: string;
  onClose: () => void;
  onDone: (notice: string) => void;
}

/** Suspend generation (until restored) or restore it. */
export function GenerationDialog({
  userId,
  suspended,
  onClose,
  onDone,
}: DialogProps & { suspended: boolean }) {
  const form = useForm({
    resolver: zodResolver(setPersonGenerationBodySchema, REASON_MESSAGES),
    defaultValues: { suspended: !suspended, reason: '' },
  });
  const setGeneration = useSetGeneration(userId);
  const submit = form.handleSubmit((change) =>
    setGeneration.mutate(change, {
      onSuccess: (r) => onDone(r.suspended ? 'Generation suspended.' : 'Generation restored.'),
    }),
  );
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title={suspended ? 'Restore generation' : 'Suspend generation'}
      description={
        suspended
          ? 'They can generate images again; a running automatic pause ends too.'
          : 'Every new image they ask for is refused before anything is charged, until you restore it.'
      }
      submitLabel={suspended ? 'Restore' : 'Suspend'}
      danger={!suspended}
      pending={setGeneration.isPending}
      error={setGeneration.error}
      reason={fieldProps(form, 'reason')}
      onSubmit={submit}
    />
  );
}

/** End every session: signed out everywhere at once; this cannot be undone. */
export function EndSessionsDialog({ userId, onClose, onDone }: DialogProps) {
  const form = useForm({
    resolver: zodResolver(adminReasonBodySchema, REASON_MESSAGES),
    defaultValues: { reason: '' },
  });
  const endSessions = useEndSessions(userId);
  const submit = form.handleSubmit((body) =>
    endSessions.mutate(body, {
      onSuccess: ({ ended }) => onDone(`Ended ${ended} ${ended === 1 ? 'session' : 'sessions'}.`),
    }),
  );
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title="End all their sessions?"
      description="They are signed out on every device at once and must sign in again."
      submitLabel="End all sessions"
      danger
      pending={endSessions.isPending}
      error={endSessions.error}
      reason={fieldProps(form, 'reason')}
      onSubmit={submit}
    />
  );
}

/** The person's address as typed to confirm (spaces around and case do not matter). */
function typedAddressSchema(email: string) {
  return z.string().refine((typed) => typed.trim().toLowerCase() === email.toLowerCase());
}

/** Delete the account, confirmed by typing the person's address. */
export function DeletePersonDialog({
  userId,
  email,
  onClose,
  onDone,
}: DialogProps & { email: string }) {
  const typedAddress = useMemo(() => typedAddressSchema(email), [email]);
  const form = useForm({
    resolver: zodResolver(adminReasonBodySchema.extend({ typed: typedAddress }), REASON_MESSAGES),
    defaultValues: { reason: '', typed: '' },
  });
  // The button waits for the address, which is checked as it is typed.
  const matches = typedAddress.safeParse(
    useWatch({ control: form.control, name: 'typed' }),
  ).success;
  const deletePerson = useDeletePerson(userId);
  const submit = form.handleSubmit(({ reason }) =>
    deletePerson.mutate(
      { reason },
      { onSuccess: () => onDone(`The account ${email} was deleted.`) },
    ),
  );
  return (
    <ReasonDialog
      open
      onClose={onClose}
      title="Delete this account?"
      description="Their images, favorites and sessions are gone for good; the ledger and payments are kept under a pseudonym. This cannot be undone."
      submitLabel="Delete the account"
      danger
      ready={matches}
      pending={deletePerson.isPending}
      error={deletePerson.error}
      reason={fieldProps(form, 'reason')}
      onSubmit={submit}
    >
      <Input label={`Type ${email} to confirm`} autoComplete="off" {...form.register('typed')} />
    </ReasonDialog>
  );
}
