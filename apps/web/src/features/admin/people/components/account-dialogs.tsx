import { useState } from 'react';
import { Input } from '../../../../components/ui/input';
import { useDeletePerson, useEndSessions, useSetGeneration } from '../api/person-actions';
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
  const setGeneration = useSetGeneration(userId);
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
      onSubmit={(reason) =>
        setGeneration.mutate(
          { suspended: !suspended, reason },
          {
            onSuccess: (r) =>
              onDone(r.suspended ? 'Generation suspended.' : 'Generation restored.'),
          },
        )
      }
    />
  );
}

/** End every session: signed out everywhere at once; this cannot be undone. */
export function EndSessionsDialog({ userId, onClose, onDone }: DialogProps) {
  const endSessions = useEndSessions(userId);
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
      onSubmit={(reason) =>
        endSessions.mutate(
          { reason },
          {
            onSuccess: ({ ended }) =>
              onDone(`Ended ${ended} ${ended === 1 ? 'session' : 'sessions'}.`),
          },
        )
      }
    />
  );
}

/** Delete the account, confirmed by typing the person's address. */
export function DeletePersonDialog({
  userId,
  email,
  onClose,
  onDone,
}: DialogProps & { email: string }) {
  const [typed, setTyped] = useState('');
  const deletePerson = useDeletePerson(userId);
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
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
      onSubmit={(reason) =>
        deletePerson.mutate(
          { reason },
          { onSuccess: () => onDone(`The account ${email} was deleted.`) },
        )
      }
    >
      <Input
        label={`Type ${email} to confirm`}
        value={typed}
        autoComplete="off"
        onChange={(event) => setTyped(event.target.value)}
      />
    </ReasonDialog>
  );
}
