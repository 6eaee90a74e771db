import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

/**
 * Each page is its own chunk, fetched by the router while it matches the route (React Router's
 * `lazy`), so the landing ships without the signed-in app (its first-load budget,
 * docs/decisions/014-landing-first-load-budget.md). During a navigation the current page stays on screen until the next one is ready.
 */
export function page(load: () => Promise<ReactNode>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ element: await load() }) };
}
