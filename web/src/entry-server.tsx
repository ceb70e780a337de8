import { sessionData } from '@floorfill/shared';
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppIn } from './app';
import { settleSession } from './app/session-request';
import { SESSION_PATH } from './features/auth/api/session-url';
import { useSessionStore } from './features/auth/stores/session-store';
import { providePageAnswers, type PageAnswer } from './lib/early-requests';

/**
 * The server's side of the guest's pages: the app's own components drawn to
 * HTML for one visitor, from the answers the server puts inside the page
 * (server/src/http/page-answers.ts). The browser then hydrates that markup
 * with the same components and the same answers (main.tsx), so the page shows
 * its content before any script has run, and one markup stands for each
 * screen. Built by `vite build --ssr` into dist/.ssr, which the server
 * imports (server/src/http/page-render.ts).
 */

/** Who the answers say is signed in: the page is drawn for them, as the browser will. */
function sessionOf(answers: Record<string, PageAnswer>) {
  const body = answers[SESSION_PATH]?.body;
  const data = typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
  const parsed = sessionData.nullable().safeParse(data);
  return parsed.success ? parsed.data : null;
}

async function draw(url: string, answers: Record<string, PageAnswer>): Promise<string> {
  // The session and the answers are this module's state: each page starts from nobody's.
  useSessionStore.setState(useSessionStore.getInitialState(), true);
  settleSession(sessionOf(answers));
  providePageAnswers(answers);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppIn router={Router} />
    </StrictMode>,
    // Every boundary inline, each where it stands: a boundary sent apart would need React's
    // inline script to put it in place, which the page's script policy does not allow.
    {
      signal: AbortSignal.timeout(DRAW_TIMEOUT_MS),
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

/** A page whose code is all here draws in milliseconds; past this the browser draws it. */
const DRAW_TIMEOUT_MS = 2_000;

let drawing: Promise<unknown> = Promise.resolve();

/**
 * The markup of the app at `url` (path and query) for the visitor the answers
 * were made for: what goes inside `#root`. One page at a time, since the
 * session and the answers it is drawn from are held by modules of the app.
 */
export function renderPage(url: string, answers: Record<string, PageAnswer>): Promise<string> {
  const page = drawing.then(() => draw(url, answers));
  drawing = page.catch(() => undefined);
  return page;
}
