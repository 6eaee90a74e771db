import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import { LinkButton } from '../../../components/ui/link-button';
import { paths } from '../../../config/paths';
import type { ModelBlock } from '../utils/model-choice';
import { unavailableModelText } from '../utils/model-texts';

/**
 * Why the chosen model cannot be submitted: the picker's own reason before a submit, or the
 * server's refusal after one. A Premium model offers the upgrade.
 */
export function ModelProblem({
  model,
  block,
  refusal,
}: {
  model: CatalogModel | null;
  block: ModelBlock | null;
  refusal: { message: string; code: string | null } | null;
}) {
  const upgrade = refusal ? refusal.code === 'MODEL_REQUIRES_PREMIUM' : block === 'locked';
  const message =
    refusal?.message ??
    (block === 'locked'
      ? PRODUCT_ERRORS.MODEL_REQUIRES_PREMIUM.message
      : block === 'unavailable' && model
        ? unavailableModelText(model)
        : null);
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-xl border border-rose-400/30 bg-rose-500/10 px-3 py-2 text-sm text-rose-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{message}</p>
      {upgrade && (
        <LinkButton to={paths.app.subscription.getHref()} size="sm" className="shrink-0">
          Upgrade to Premium
        </LinkButton>
      )}
    </div>
  );
}
