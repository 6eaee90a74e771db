import { findFavoritesQuerySchema } from '@nocturne/contract/favorites/find-favorites';
import { findGenerationsQuerySchema } from '@nocturne/contract/generations/generation';
import type { AppDb } from '../src/db/database';
import { findFavorites } from '../src/modules/generations/favorites/find-favorites';
import { findGenerations } from '../src/modules/generations/find-generations';
import type { ImageStore } from '../src/modules/images/image-store';
import type { Statement } from './capture-sql';

export const FAVORITES = 10_000;
export const GENERATIONS = 1_000;

export interface Endpoint {
  name: string;
  label: string;
  url: string;
  /** The bare route's SQL: steps in order, the statements of one step at once. */
  steps(
    userId: string,
    capture: (run: (db: AppDb) => Promise<unknown>) => Promise<Statement[]>,
  ): Promise<Statement[][]>;
}

/** Links do not change the SQL: the capture needs no signing secret. */
const urlFor: ImageStore['urlFor'] = (key) => key;

/** Page and count are issued together (Promise.all); the generations' favorite marks after. */
export const ALL_ENDPOINTS: Endpoint[] = [
  {
    name: 'credits',
    label: 'GET /api/v1/credits',
    url: '/api/v1/credits',
    // The yardstick: the primary-key select of the person's credit row.
    steps: async (userId) => [
      [
        {
          text: 'select user_id, balance, user_type, last_daily_grant_at from credit_accounts where user_id = $1',
          values: [userId],
        },
      ],
    ],
  },
  {
    name: 'favorites',
    label: `GET /api/v1/favorites (${FAVORITES.toLocaleString('en')} favorites)`,
    url: '/api/v1/favorites',
    async steps(userId, capture) {
      const query = findFavoritesQuerySchema.parse({});
      const [page, count] = await capture((db) => findFavorites({ db, userId, query, urlFor }));
      return [[page!, count!]];
    },
  },
  {
    name: 'favorites-search',
    label: `GET /api/v1/favorites?q=owl (${FAVORITES.toLocaleString('en')}, 1 in 20 match)`,
    url: '/api/v1/favorites?q=owl',
    async steps(userId, capture) {
      const query = findFavoritesQuerySchema.parse({ q: 'owl' });
      const [page, count] = await capture((db) => findFavorites({ db, userId, query, urlFor }));
      return [[page!, count!]];
    },
  },
  {
    name: 'generations',
    label: `GET /api/v1/generations (${GENERATIONS.toLocaleString('en')} generations)`,
    url: '/api/v1/generations',
    async steps(userId, capture) {
      const query = findGenerationsQuerySchema.parse({});
      const [page, count, saved] = await capture((db) =>
        findGenerations({ db, userId, query, urlFor }),
      );
      return [[page!, count!], [saved!]];
    },
  },
];

/** BENCH_ENDPOINTS=credits,favorites runs only those (a quicker loop while tuning one route). */
export const ENDPOINTS = process.env.BENCH_ENDPOINTS
  ? ALL_ENDPOINTS.filter((endpoint) =>
      process.env.BENCH_ENDPOINTS!.split(',').includes(endpoint.name),
    )
  : ALL_ENDPOINTS;
