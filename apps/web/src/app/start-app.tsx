import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterPageLoad, trackFirstPage } from '../lib/after-page-load';
import { createQueryClient } from '../lib/query-client';
import { App } from './app';
import { startFirstRequests } from './start-first-requests';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const queryClient = createQueryClient();
startFirstRequests(queryClient, window.location.pathname);
trackFirstPage(queryClient);

// Spec §7's start-up check, after the first page has shown its data: its request and its schema
// (zod) would otherwise compete with the page's own.
void afterPageLoad()
  .then(() => import('../lib/health'))
  .then(({ logServerHealth }) => logServerHealth());

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
