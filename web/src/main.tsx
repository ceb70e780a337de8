import './app/styles/shell.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { QueryProvider } from './app/query-provider-lazy';
import { preloadPage } from './app/router';
import { startSessionRequest } from './app/session-request';
import { useSessionStore } from './features/auth/stores/session-store';
import { SESSION_PATH } from './features/auth/api/session-url';
import { peekPageAnswerData } from './lib/early-requests';
import { registerServiceWorker } from './lib/service-worker';
import { reloadOnStaleBuild } from './lib/stale-build';
import { runZodWithoutEval } from './lib/zod-without-eval';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * Asks for who is signed in and fetches the chunks of this page side by side
 * while React starts, then starts React. React draws the first frame as a
 * transition, in short tasks a phone can answer a tap between.
 */
function startApp(root: HTMLElement) {
  startSessionRequest();
  QueryProvider.preload();
  // The page may say who is signed in (the server's answer inside it); else this device's memory.
  const sessionInPage = peekPageAnswerData(SESSION_PATH);
  const probablySignedIn =
    sessionInPage === undefined
      ? useSessionStore.getState().userId !== null
      : sessionInPage !== null;
  preloadPage(window.location.pathname, probablySignedIn);
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

runZodWithoutEval();
reloadOnStaleBuild();
// In a task of its own, after the task that ran the app's code: on a slow phone the two
// together (the code, then a link element for each chunk the page fetches) block it for long.
setTimeout(() => startApp(container), 0);

// Once the page is up and drawn: the service worker that keeps the app working offline.
registerServiceWorker();
