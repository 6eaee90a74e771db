import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { withFirstRender } from '../lib/first-render';
import { createQueryClient } from '../lib/query-client';
import { FIRST_ANSWER_PATHS, seedFirstAnswers, type FirstAnswers } from './first-answers';
import { AppProvider } from './provider';
import { appRoutes } from './router';

/** The API requests the server answers before calling `renderSignedInPage` (its own routes). */
export function firstAnswerPaths(): readonly string[] {
  return FIRST_ANSWER_PATHS;
}

/**
 * The markup of `#root` for a signed-in page, rendered on the server (a `vite build --ssr` entry
 * the server imports from the web build) with the same route tree and providers as the SPA, from
 * the API's answers for that visitor. The client hydrates it from the same answers
 * (start-app.tsx). Throws when the page cannot be rendered from them: the server then sends the
 * plain document (docs/decisions/034).
 */
export function renderSignedInPage(url: string, answers: FirstAnswers): Promise<string> {
  const queryClient = createQueryClient();
  seedFirstAnswers(queryClient, answers);
  const handler = createStaticHandler(appRoutes);
  return handler.query(new Request(url)).then((context) => {
    if (context instanceof Response) throw new Error(`render ${url}: answered ${context.status}`);
    const router = createStaticRouter(handler.dataRoutes, context);
    try {
      return withFirstRender(answers.render, () =>
        renderToString(
          <StrictMode>
            <AppProvider queryClient={queryClient}>
              {/* No inline script: the CSP allows none, and these routes have no loader data. */}
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProvider>
          </StrictMode>,
        ),
      );
    } finally {
      queryClient.clear();
    }
  });
}
