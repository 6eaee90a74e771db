import { isGenerationPaused } from '@nocturne/contract/admin/service-settings';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { useServiceStatusQuery } from '../../../lib/service-status';

/**
 * The operator's message while generation is paused for this person (off for everyone, or premium
 * only and they have no premium), or null: the header says it instead of how to get credits, which
 * would not let them generate.
 */
export function useGenerationPauseNotice(isPremium: boolean): string | null {
  const { data } = useServiceStatusQuery();
  if (!data || !isGenerationPaused(data.generation, isPremium)) return null;
  return data.message || PRODUCT_ERRORS.GENERATION_PAUSED.message;
}
