import type { QueryClient } from '@tanstack/react-query';
import type { FirstRender } from '../lib/first-render';
import { API_BASE_PATH, PAGE_SIZE } from '@nocturne/contract/constants';
import { getCreditsResponseSchema } from '@nocturne/contract/credits/get-credits';
import { findFavoritesResponseSchema } from '@nocturne/contract/favorites/find-favorites';
import { getImageEngineResponseSchema } from '@nocturne/contract/generations/get-image-engine';
import { getActiveSubscriptionResponseSchema } from '@nocturne/contract/subscriptions/get-active-subscription';
import { preferencesSchema } from '@nocturne/contract/users/preferences';
import { SESSION_QUERY_KEY } from '../features/auth/api/get-session';
import { creditsQueryKey, NEW_USER_CREDITS } from '../features/credits/api/get-credits';
import { favoritesInfiniteQueryOptions } from '../features/gallery/api/get-favorites';
import {
  DEFAULT_GALLERY_FILTERS,
  toFavoritesQuery,
} from '../features/gallery/utils/gallery-filters';
import { imageEngineQueryOptions } from '../features/generations/api/get-image-engine';
import { preferencesQueryOptions } from '../features/profile/api/get-preferences';
import { activeSubscriptionQueryOptions } from '../features/subscriptions/api/get-active-subscription';

/** One API answer as the server's own route gave it: status and JSON body. */
export interface FirstAnswer {
  status: number;
  body: unknown;
}

/**
 * What `/dashboard`'s first render reads, as the API answered it for the signed-in visitor: the
 * server asks its own routes for `FIRST_ANSWER_PATHS` and renders the page from these, and the
 * document carries them so that the client's first render is built from the same data
 * (docs/decisions/034).
 */
export interface FirstAnswers {
  /** `GET /api/auth/get-session`'s body. */
  session: unknown;
  /** Keyed by the paths of `FIRST_ANSWER_PATHS`. */
  answers: Record<string, FirstAnswer>;
  /** The locale and time the server rendered with; the client's first render uses the same. */
  render: FirstRender;
}

const favoritesListQuery = toFavoritesQuery(DEFAULT_GALLERY_FILTERS);

function favoritesPath(): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...favoritesListQuery, limit: PAGE_SIZE, offset: 0 }))
    query.set(key, String(value));
  return `${API_BASE_PATH}/favorites?${query.toString()}`;
}

const PATHS = {
  credits: `${API_BASE_PATH}/credits`,
  subscription: `${API_BASE_PATH}/subscriptions/active`,
  favorites: favoritesPath(),
  imageEngine: `${API_BASE_PATH}/image-engine`,
  preferences: `${API_BASE_PATH}/user/preferences`,
};

/** The API requests (path and query) whose answers the first render needs, besides the session. */
export const FIRST_ANSWER_PATHS: readonly string[] = Object.values(PATHS);

/** A user's id from a get-session body; null when signed out. */
export function sessionUserId(session: unknown): string | null {
  const id = (session as { user?: { id?: unknown } } | null)?.user?.id;
  return typeof id === 'string' ? id : null;
}

function okBody(answers: FirstAnswers, path: string): unknown {
  const answer = answers.answers[path];
  if (answer?.status !== 200) throw new Error(`first answer ${path}: ${answer?.status ?? 'none'}`);
  return answer.body;
}

/**
 * Puts the answers into the cache under the keys and in the shapes the page's queries keep them,
 * each checked by the schema its API file uses. Throws when one is missing or broken: the caller
 * then renders without them.
 */
export function seedFirstAnswers(queryClient: QueryClient, answers: FirstAnswers): void {
  const userId = sessionUserId(answers.session);
  if (!userId) throw new Error('first answers: no signed-in user');
  const credits = answers.answers[PATHS.credits];
  // Spec §4: a new user's credits answer 404, which the credits query keeps as NEW_USER_CREDITS.
  const creditState =
    credits?.status === 404
      ? NEW_USER_CREDITS
      : { ...getCreditsResponseSchema.parse(okBody(answers, PATHS.credits)), isNewUser: false };
  const favorites = findFavoritesResponseSchema.parse(okBody(answers, PATHS.favorites));
  const entries: [readonly unknown[], unknown][] = [
    [SESSION_QUERY_KEY, answers.session],
    [creditsQueryKey(userId), creditState],
    [
      activeSubscriptionQueryOptions.queryKey,
      getActiveSubscriptionResponseSchema.parse(okBody(answers, PATHS.subscription)),
    ],
    [
      favoritesInfiniteQueryOptions(favoritesListQuery).queryKey,
      { pages: [favorites], pageParams: [0] },
    ],
    [
      imageEngineQueryOptions.queryKey,
      getImageEngineResponseSchema.parse(okBody(answers, PATHS.imageEngine)),
    ],
    [preferencesQueryOptions.queryKey, preferencesSchema.parse(okBody(answers, PATHS.preferences))],
  ];
  // All parsed before any is set: a broken answer leaves the cache as it was.
  for (const [key, data] of entries) queryClient.setQueryData(key, data);
}
