import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startFirstRequests } from './app/start-first-requests';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const queryClient = createQueryClient();
startFirstRequests(queryClient, window.location.pathname);

// Loaded on the side: its schema (zod) is not needed to paint the first page.
void import('./lib/health').then(({ logServerHealth }) => logServerHealth());

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
