import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useSaveFavorite } from '../api/save-favorite';
import { SAVE_MESSAGES } from '../utils/generation-texts';

/** Spec §4 save to favorites: idle → 'Saving...' → 'Saved!' (disabled); errors per spec §5/§8. */
export function SaveFavoriteButton({
  requestId,
  imageSrc,
}: {
  requestId: string | null;
  imageSrc: string;
}) {
  const mutation = useSaveFavorite();
  /** Save was pressed for a result without a request id: nothing can be sent. */
  const [unsaveable, setUnsaveable] = useState(false);
  const saving = mutation.isPending;
  const saved = mutation.isSuccess;
  const error = unsaveable
    ? SAVE_MESSAGES.missingRequestId
    : mutation.isError
      ? SAVE_MESSAGES.failed
      : null;

  function save() {
    setUnsaveable(!requestId);
    if (requestId) mutation.mutate({ id: requestId, imageSrc });
  }

  return (
    <>
      <Button
        variant={saved ? 'success' : 'glass'}
        disabled={saving || saved}
        aria-busy={saving || undefined}
        onClick={save}
      >
        {saved ? 'Saved!' : saving ? 'Saving...' : 'Save to favorites'}
      </Button>
      {error && (
        <p role="alert" className="basis-full text-sm text-rose-300">
          {error}
        </p>
      )}
    </>
  );
}
