import { useEffect, useRef, useState } from 'react';
import { AlertText } from '../../../components/ui/alert-text';
import { Button } from '../../../components/ui/button';
import { focusNextControl } from '../../../components/ui/focus-next-control';
import { useSaveFavorite } from '../api/save-favorite';
import { SAVE_MESSAGES } from '../utils/generation-texts';

/** What a screen reader hears once the image is in the gallery. */
export const SAVED_ANNOUNCEMENT = 'Saved to favorites';

/**
 * Spec §4 save to favorites: idle → 'Saving...' → 'Saved!' (disabled); errors per spec §5/§8.
 * A disabled button drops the focus it holds to the page, so pressing it first moves focus on to
 * the next control, and back to the button when the save fails and it can be pressed again.
 */
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
  const focusHandedOn = useFocusHandedOnWhileSaving(mutation.isError);
  const saving = mutation.isPending;
  const saved = mutation.isSuccess;
  const error = unsaveable
    ? SAVE_MESSAGES.missingRequestId
    : mutation.isError
      ? SAVE_MESSAGES.failed
      : null;

  function save(button: HTMLButtonElement) {
    setUnsaveable(!requestId);
    if (!requestId) return;
    focusHandedOn(button);
    mutation.mutate({ id: requestId, imageSrc });
  }

  return (
    <>
      <Button
        variant={saved ? 'success' : 'glass'}
        disabled={saving || saved}
        aria-busy={saving || undefined}
        onClick={(event) => save(event.currentTarget)}
      >
        {saved ? 'Saved!' : saving ? 'Saving...' : 'Save to favorites'}
      </Button>
      <span role="status" className="sr-only">
        {saved ? SAVED_ANNOUNCEMENT : ''}
      </span>
      {error && <AlertText className="basis-full">{error}</AlertText>}
    </>
  );
}

/**
 * Hands focus from the button on to the next control while it is disabled, and back to the button
 * when the save fails, if the person has not moved on since.
 */
function useFocusHandedOnWhileSaving(failed: boolean) {
  const handedOn = useRef<{ from: HTMLElement; to: HTMLElement } | null>(null);
  useEffect(() => {
    if (!failed || !handedOn.current) return;
    const { from, to } = handedOn.current;
    handedOn.current = null;
    if (document.activeElement === to) from.focus();
  }, [failed]);
  return (button: HTMLElement) => {
    if (document.activeElement !== button) return;
    const to = focusNextControl(button);
    handedOn.current = to ? { from: button, to } : null;
  };
}
