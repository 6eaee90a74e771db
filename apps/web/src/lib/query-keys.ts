/**
 * Query keys shared across features: the generation modal saves favorites and the gallery lists
 * them, and features may not import each other, so the key they both invalidate lives here.
 */
export const favoritesQueryKey = ['favorites'] as const;
