import './app/styles/shell.css';
// zod's settings before any module that builds a schema (the app's CSP allows no eval).
import './lib/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { QueryProvider } from './app/query-provider-lazy';
import { pagePreloads } from './app/router';
import { settleSession, startSessionRequest, takeSessionRequest } from './app/session-request';
import { useSessionStore } from './features/auth/stores/session-store';
import { SESSION_PATH } from './features/auth/api/session-url';
import { peekPageAnswerData } from './lib/early-requests';
import { inTasksOfTheirOwn } from './lib/idle';
import { registerServiceWorker } from './lib/service-worker';
import { reloadOnStaleBuild } from './lib/stale-build';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** React draws the first frame as a transition, in short tasks a phone can answer a tap between. */
function render(root: HTMLElement) {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

/**
 * A page the server drew (entry-server.tsx, `data-drawn="server"` on #root)
 * is taken over, not drawn again: the app first learns who is signed in from
 * the same answer the server drew the page with, and waits for the chunks of
 * the page (already on their way), so that React takes the whole page over
 * in one go; then it hydrates the markup. A part still waiting for its code
 * when something above it changes would be thrown away and drawn again.
 */
async function hydrate(root: HTMLElement, pageChunks: readonly (() => unknown)[]) {
  try {
    settleSession(await takeSessionRequest());
  } catch {
    useSessionStore.getState().keepLastKnown();
  }
  await Promise.all(pageChunks.map((load) => load()));
  hydrateRoot(
    root,
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

const drawnByServer = container.dataset.drawn === 'server';

reloadOnStaleBuild();
// The page may say who is signed in (the server's answer inside it); else this device's memory.
const sessionInPage = peekPageAnswerData(SESSION_PATH);
const probablySignedIn =
  sessionInPage === undefined ? useSessionStore.getState().userId !== null : sessionInPage !== null;
// Who is signed in, and the chunks of this page, are fetched side by side while React starts.
// Each in a task of its own after the one that ran the app's code: on a slow phone asking for a
// chunk (a link element for each of its files) is long enough to add up.
const pageChunks = [
  QueryProvider.preload,
  ...pagePreloads(window.location.pathname, probablySignedIn),
];
inTasksOfTheirOwn([
  startSessionRequest,
  ...pageChunks,
  () => (drawnByServer ? void hydrate(container, pageChunks) : render(container)),
]);

// Once the page is up and drawn: the service worker that keeps the app working offline.
registerServiceWorker();
