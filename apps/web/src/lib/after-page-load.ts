import type { QueryClient } from '@tanstack/react-query';
import { hasUnclaimedEarlyRequests } from './early-requests';

/** Past this, the extras start even if a first query is still waiting for its answer. */
export const FIRST_PAGE_WAIT_MAX_MS = 5_000;

let firstPage: Promise<void> | null = null;

function loaded(): Promise<void> {
  return new Promise((resolve) => {
    const later = () => setTimeout(resolve, 0);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });
}

/**
 * Called once by the app at start: the first page counts as shown when the document has loaded,
 * every request the entry started has been taken over by a query, no query is waiting for an
 * answer any more, and a frame has been painted since. The `load` event alone comes before the
 * first data now that the entry starts its requests early (docs/decisions/028).
 */
export function trackFirstPage(queryClient: QueryClient): void {
  firstPage = loaded().then(
    () =>
      new Promise<void>((resolve) => {
        let unsubscribe = () => {};
        const done = () => {
          unsubscribe();
          clearTimeout(timer);
          // The answers render in a task of their own; the second frame comes after its paint.
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
        };
        const timer = setTimeout(done, FIRST_PAGE_WAIT_MAX_MS);
        const check = () => {
          if (queryClient.isFetching() === 0 && !hasUnclaimedEarlyRequests()) done();
        };
        unsubscribe = queryClient.getQueryCache().subscribe(check);
        check();
      }),
  );
}

/**
 * Resolves once the first page has loaded and shown its data: what the first paint and the first
 * data do not need (realtime, the start-up health check, the daily promo's code) starts after
 * them (issue 9). Without `trackFirstPage` (tests), once the document has loaded.
 */
export function afterPageLoad(): Promise<void> {
  return firstPage ?? loaded();
}
