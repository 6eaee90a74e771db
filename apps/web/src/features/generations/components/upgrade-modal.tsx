import { Button } from '../../../components/ui/button';
import { LinkButton } from '../../../components/ui/link-button';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { useModelsQuery } from '../api/get-models';
import { premiumOfferText } from '../utils/model-texts';

export const UPGRADE_MODAL_TITLE = 'Unlock unlimited imagination';

/**
 * Shown to non-premium users 1.5 s after a completed generation (spec §4), or when they choose a
 * Premium model, over the generation modal, which stays open underneath.
 */
export function UpgradeModal({
  open,
  onClose,
  reason = null,
}: {
  open: boolean;
  onClose: () => void;
  /** What led here when it was not a completed generation (a Premium model chosen). */
  reason?: string | null;
}) {
  const { data } = useModelsQuery();
  return (
    <Modal open={open} onClose={onClose} title={UPGRADE_MODAL_TITLE} size="sm">
      {reason && <p className="mb-2 text-sm font-medium text-white">{reason}</p>}
      <p className="text-sm text-zinc-300">{premiumOfferText(data)}</p>
      <div className="mt-5 flex flex-col gap-2">
        <LinkButton to={paths.app.subscription.getHref()} onClick={onClose}>
          Upgrade to Premium
        </LinkButton>
        <Button variant="ghost" onClick={onClose}>
          Maybe later
        </Button>
      </div>
    </Modal>
  );
}
