import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { afterPageLoad, trackFirstPage } from '../lib/after-page-load';
import { startFirstRender } from '../lib/first-render';
import { createQueryClient } from '../lib/query-client';
import { App } from './app';
import { readEmbeddedAnswers } from './read-embedded-answers';
import { appRoutes } from './router';
import { startFirstRequests } from './start-first-requests';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const queryClient = createQueryClient();
const embedded = readEmbeddedAnswers(document);

// Spec §7's start-up check, after the first page has shown its data: its request and its schema
// (zod) would otherwise compete with the page's own.
void afterPageLoad()
  .then(() => import('../lib/health'))
  .then(({ logServerHealth }) => logServerHealth());

function start() {
  startFirstRequests(queryClient, window.location.pathname);
  trackFirstPage(queryClient);
  createRoot(container!).render(
    <StrictMode>
      <App queryClient={queryClient} router={createBrowserRouter(appRoutes)} />
    </StrictMode>,
  );
}

/**
 * The server rendered this page and embedded the answers it rendered it from (docs/decisions/034):
 * the cache gets the same answers and the router its page modules before React hydrates, so the
 * first client render is the server's markup, kept rather than replaced.
 */
async function hydrate(answers: NonNullable<typeof embedded>) {
  const { seedFirstAnswers } = await import('./first-answers');
  seedFirstAnswers(queryClient, answers);
  const lazyMatches = matchRoutes(appRoutes, window.location)?.filter((match) => match.route.lazy);
  await Promise.all(
    (lazyMatches ?? []).map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  startFirstRequests(queryClient, window.location.pathname);
  trackFirstPage(queryClient);
  // Ended by FirstRenderEnd (in AppProvider) once hydration has committed.
  startFirstRender(answers.render);
  hydrateRoot(
    container!,
    <StrictMode>
      <App queryClient={queryClient} router={createBrowserRouter(appRoutes)} />
    </StrictMode>,
  );
}

// A `.then`, not a top-level await: the page chunks this waits for import from this chunk.
if (embedded) {
  hydrate(embedded).catch((error: unknown) => {
    console.error('[app] Could not hydrate the server-rendered page', error);
    start();
  });
} else start();
