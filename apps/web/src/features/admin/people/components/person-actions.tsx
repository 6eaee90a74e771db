import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { GetPersonResponse } from '@nocturne/contract/admin/get-person';
import { Button } from '../../../../components/ui/button';
import { LinkButton } from '../../../../components/ui/link-button';
import { paths } from '../../../../config/paths';
import { DeletePersonDialog, EndSessionsDialog, GenerationDialog } from './account-dialogs';
import { CreditsDialog } from './credits-dialog';

type Open = 'credits' | 'generation' | 'sessions' | 'delete' | null;

/** The actions on a person's account, each in its own dialog with a reason. */
export function PersonActions({
  detail,
  onNotice,
}: {
  detail: GetPersonResponse;
  onNotice: (notice: string) => void;
}) {
  const [open, setOpen] = useState<Open>(null);
  const navigate = useNavigate();
  const { person } = detail;
  const close = () => setOpen(null);
  const done = (notice: string) => {
    setOpen(null);
    onNotice(notice);
  };
  const common = { userId: person.id, onClose: close, onDone: done };

  return (
    <>
      <Button size="sm" onClick={() => setOpen('credits')}>
        Grant or take credits
      </Button>
      <LinkButton size="sm" variant="glass" to={paths.admin.payments.getHref({ grant: person.id })}>
        Grant a plan
      </LinkButton>
      <Button size="sm" variant="glass" onClick={() => setOpen('generation')}>
        {person.generationSuspended ? 'Restore generation' : 'Suspend generation'}
      </Button>
      <Button size="sm" variant="glass" onClick={() => setOpen('sessions')}>
        End all sessions
      </Button>
      <Button size="sm" variant="danger" onClick={() => setOpen('delete')}>
        Delete account
      </Button>
      {open === 'credits' && <CreditsDialog {...common} balance={person.balance} />}
      {open === 'generation' && (
        <GenerationDialog {...common} suspended={person.generationSuspended} />
      )}
      {open === 'sessions' && <EndSessionsDialog {...common} />}
      {open === 'delete' && (
        <DeletePersonDialog
          {...common}
          email={person.email}
          onDone={(notice) =>
            void navigate(paths.admin.people.getHref(), { state: { notice }, replace: true })
          }
        />
      )}
    </>
  );
}
