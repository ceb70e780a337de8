import './app/styles/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { QueryProvider } from './app/query-provider-lazy';
import { preloadPage } from './app/router';
import { startSessionRequest } from './app/session-request';
import { useSessionStore } from './features/auth/stores/session-store';
import { loadWhenIdle } from './lib/idle';
import { registerServiceWorker } from './lib/service-worker';
import { reloadOnStaleBuild } from './lib/stale-build';
import { runZodWithoutEval } from './lib/zod-without-eval';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

runZodWithoutEval();
reloadOnStaleBuild();
// Who is signed in, and the chunks of this page, are fetched side by side while React starts.
startSessionRequest();
QueryProvider.preload();
preloadPage(window.location.pathname, useSessionStore.getState().userId !== null);

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Once the page is up: the rest of the stylesheet (for dialogs a guest page may open
// later) and the service worker that keeps the app working offline.
loadWhenIdle(() => import('./app/styles/all-styles'));
registerServiceWorker();
