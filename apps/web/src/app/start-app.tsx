import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterPageLoad } from '../lib/after-page-load';
import { createQueryClient } from '../lib/query-client';
import { App } from './app';
import { startFirstRequests } from './start-first-requests';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const queryClient = createQueryClient();
startFirstRequests(queryClient, window.location.pathname);

// Spec §7's start-up check, after the page has loaded: its request and its schema (zod) would
// otherwise compete with the first page's own.
void afterPageLoad()
  .then(() => import('../lib/health'))
  .then(({ logServerHealth }) => logServerHealth());

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
