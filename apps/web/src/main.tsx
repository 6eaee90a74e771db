import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

// Loaded on the side: its schema (zod) is not needed to paint the first page.
void import('./lib/health').then(({ logServerHealth }) => logServerHealth());

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
