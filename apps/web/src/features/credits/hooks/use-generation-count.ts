import { useSyncExternalStore } from 'react';

/** Spec §3 local storage: generations made by a non-premium user on this device. */
export const GENERATION_COUNT_STORAGE_KEY = 'userGenerationCount';

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

function readCount(): number {
  try {
    const parsed = Number.parseInt(localStorage.getItem(GENERATION_COUNT_STORAGE_KEY) ?? '', 10);
    return Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
  } catch {
    // Storage can be blocked (privacy modes); no badge then.
    return 0;
  }
}

export function useGenerationCount(): number {
  return useSyncExternalStore(subscribe, readCount, () => 0);
}
