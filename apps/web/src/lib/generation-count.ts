/**
 * Spec §3 local storage: userGenerationCount counts generations by a non-premium user on this
 * device. The generation flow increments it; the header reads it for its Artist/Creator badges.
 */
export const GENERATION_COUNT_STORAGE_KEY = 'userGenerationCount';

export function readGenerationCount(): number {
  try {
    const parsed = Number.parseInt(localStorage.getItem(GENERATION_COUNT_STORAGE_KEY) ?? '', 10);
    return Number.isFinite(parsed) && parsed > 0 ? parsed : 0;
  } catch {
    // Storage can be blocked (privacy modes); no badge then.
    return 0;
  }
}

export function incrementGenerationCount(): void {
  try {
    localStorage.setItem(GENERATION_COUNT_STORAGE_KEY, String(readGenerationCount() + 1));
    // 'storage' only fires in other tabs; announce the change to this one (the header listens).
    window.dispatchEvent(new StorageEvent('storage', { key: GENERATION_COUNT_STORAGE_KEY }));
  } catch {
    // Storage can be blocked (privacy modes): the badge is a nicety, the generation stands.
  }
}

/** Calls `onChange` when the count may have changed, in this tab or another. */
export function subscribeToGenerationCount(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}
