import { isGenerationPaused } from '@nocturne/contract/admin/service-settings';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { useServiceStatusQuery } from '../../../lib/service-status';

/**
 * The operator's message while generation is paused for this person (off, or premium only
 * without premium), or null: the modal shows it and disables Generate before anyone types.
 */
export function useGenerationPausedMessage(isPremium: boolean): string | null {
  const { data } = useServiceStatusQuery();
  if (!data || !isGenerationPaused(data.generation, isPremium)) return null;
  return data.message || PRODUCT_ERRORS.GENERATION_PAUSED.message;
}
