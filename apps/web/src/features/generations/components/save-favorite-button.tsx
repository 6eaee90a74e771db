import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useSaveFavorite } from '../api/save-favorite';
import { SAVE_MESSAGES } from '../utils/generation-texts';
import { imageSrcToBase64 } from '../utils/image-url';

/** Spec §4 save to favorites: idle → 'Saving...' → 'Saved!' (disabled); errors per spec §5/§8. */
export function SaveFavoriteButton({
  requestId,
  imageSrc,
}: {
  requestId: string | null;
  imageSrc: string;
}) {
  const mutation = useSaveFavorite();
  const [error, setError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const saving = preparing || mutation.isPending;
  const saved = mutation.isSuccess;

  async function save() {
    setError(null);
    if (!requestId) {
      setError(SAVE_MESSAGES.missingRequestId);
      return;
    }
    setPreparing(true);
    try {
      const resultBase64 = await imageSrcToBase64(imageSrc);
      setPreparing(false);
      await mutation.mutateAsync({ id: requestId, resultBase64 });
    } catch {
      setPreparing(false);
      setError(SAVE_MESSAGES.failed);
    }
  }

  return (
    <>
      <Button
        variant={saved ? 'success' : 'glass'}
        disabled={saving || saved}
        aria-busy={saving || undefined}
        onClick={() => void save()}
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
