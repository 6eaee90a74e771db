/**
 * Spec §3 local storage: userGenerationCount counts generations by a non-premium user on this
 * device; the header reads the same key for its Artist/Creator badges.
 */
export const GENERATION_COUNT_STORAGE_KEY = 'userGenerationCount';

export function incrementGenerationCount(): void {
  try {
    const current = Number.parseInt(localStorage.getItem(GENERATION_COUNT_STORAGE_KEY) ?? '', 10);
    const next = (Number.isFinite(current) && current > 0 ? current : 0) + 1;
    localStorage.setItem(GENERATION_COUNT_STORAGE_KEY, String(next));
    // 'storage' only fires in other tabs; announce the change to this one (the header listens).
    window.dispatchEvent(new StorageEvent('storage', { key: GENERATION_COUNT_STORAGE_KEY }));
  } catch {
    // Storage can be blocked (privacy modes): the badge is a nicety, the generation stands.
  }
}
