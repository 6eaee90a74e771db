import { http, HttpResponse } from 'msw';
import { server } from '../support/msw-server';

/** A gate that holds an answer until `resolve()` (router tests). */
export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Answers the active-subscription check (after `gate`, if given); returns the requests seen. */
export function activeCheck(wasExpired: boolean, gate?: Promise<void>) {
  const seen: Request[] = [];
  server.use(
    http.get('*/api/v1/subscriptions/active', async ({ request }) => {
      seen.push(request);
      await gate;
      return HttpResponse.json({ was_expired: wasExpired });
    }),
  );
  return seen;
}
