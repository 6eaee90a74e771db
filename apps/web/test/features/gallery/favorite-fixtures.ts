import { http, HttpResponse } from 'msw';
import type { Favorite } from '@nocturne/contract/favorites/save-favorite';
import { server } from '../../support/msw-server';

/** Favorite `index`, saved `index` minutes before 3 Feb 2026 10:00 UTC (1 is the newest). */
export function favorite(index: number, overrides: Partial<Favorite> = {}): Favorite {
  return {
    id: `fav-${index}-abcdef`,
    generation_id: `gen-${index}`,
    source_prompt: '',
    content_prompt: `Prompt number ${index}`,
    result_image_url: `/images/fav-${index}.png`,
    created_at: new Date(Date.UTC(2026, 1, 3, 10, 0) - index * 60_000).toISOString(),
    settings: {
      negative_prompt: '',
      seed: 1000 + index,
      aspect_ratio: '1:1',
      quality: 'balanced',
      style: null,
    },
    ...overrides,
  };
}

/** Serves `all` in the given order, honouring limit and offset; records each query. */
export function serveFavorites(all: Favorite[], options: { delay?: Promise<void> } = {}) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('*/api/v1/favorites', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      await options.delay;
      const q = params.get('q')?.toLowerCase();
      const matching = q
        ? all.filter((item) =>
            `${item.source_prompt} ${item.content_prompt}`.toLowerCase().includes(q),
          )
        : all;
      const limit = Number(params.get('limit'));
      const offset = Number(params.get('offset'));
      return HttpResponse.json({
        favorites: matching.slice(offset, offset + limit),
        total: matching.length,
      });
    }),
  );
  return queries;
}
