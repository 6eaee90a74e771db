import { useSyncExternalStore } from 'react';
import { readGenerationCount, subscribeToGenerationCount } from '../../../lib/generation-count';

/** Spec §3 local storage: generations made by a non-premium user on this device. */
export function useGenerationCount(): number {
  return useSyncExternalStore(subscribeToGenerationCount, readGenerationCount, () => 0);
}
