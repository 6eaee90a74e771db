import { DEFAULT_PREFERENCES } from '@nocturne/contract/users/preferences';
import { usePreferences } from '../../../features/profile/api/get-preferences';

/**
 * The person's display preferences for the pages that compose lists and the promo. Until they have
 * loaded, images are blurred and the promo waits: the cautious reading of a preference not yet
 * known. A failed load falls back to the defaults.
 */
export function useDisplayPreferences() {
  const preferences = usePreferences();
  if (preferences.isPending) return { blurThumbnails: true, showDailyPromo: false };
  const { blurThumbnails, showDailyPromo } = preferences.data ?? DEFAULT_PREFERENCES;
  return { blurThumbnails, showDailyPromo };
}
