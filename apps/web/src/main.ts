import { formatCredits } from '@nocturne/contract/credits/credit-status';
import { EMBEDDED_ANSWERS_ID } from './app/read-embedded-answers';
import { SIGNED_IN_PATHS, startEarlyRequests } from './app/start-early-requests';
import { paths } from './config/paths';
import './styles.css';

// The first page's requests leave before React, the router and zod have loaded; the app,
// imported next, takes their answers over (docs/decisions/028).
const { pathname } = window.location;
// A page the server rendered carries the answers it was rendered from (docs/decisions/034).
if (!document.getElementById(EMBEDDED_ANSWERS_ID)) startEarlyRequests(pathname);
void import('./app/start-app');
// The chunks the router would only ask for once the app has run, fetched beside it instead.
if (SIGNED_IN_PATHS.includes(pathname)) {
  void import('./app/layouts/app-layout');
  // The first number format loads the locale's data: done while the app downloads rather than
  // in the first render, which shows the balance.
  setTimeout(() => formatCredits(0), 0);
}
if (pathname === paths.app.dashboard.path) void import('./app/routes/app/dashboard');
