import { paths } from './config/paths';
import { SIGNED_IN_PATHS, startEarlyRequests } from './app/start-early-requests';
import './styles.css';

// The first page's requests leave before React, the router and zod (about 170 kB gzip) have
// loaded; the app, imported next, takes their answers over (issue 9, docs/decisions/028).
const { pathname } = window.location;
startEarlyRequests(pathname);
void import('./app/start-app');
// The chunks the router would only ask for once the app has run, fetched beside it instead.
if (SIGNED_IN_PATHS.includes(pathname)) void import('./app/layouts/app-layout');
if (pathname === paths.app.dashboard.path) void import('./app/routes/app/dashboard');
