/**
 * Query keys shared across features: the generation modal saves favorites and the gallery lists
 * them, and features may not import each other, so the key they both invalidate lives here.
 */
export const favoritesQueryKey = ['favorites'] as const;

/**
 * Prefix of every cached credit state (features/credits keys it per user below this): the
 * subscription page re-reads credits when premium changes without importing the credits feature.
 */
export const creditStateQueryKey = ['credits', 'state'] as const;
