import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eventLandingUrl } from '@floorfill/shared';
import { askInProcess } from './in-process.ts';
import type { PageRenderer } from './page-render.ts';

/**
 * The answers a page of the web app would ask for first, sent inside the page
 * itself (issue 15, docs/decisions.md "Answers inside the page"): a phone on
 * slow mobile data then draws the page from its HTML and first scripts,
 * without a round trip per question after the code has arrived.
 *
 * Each answer is made by the API's own route, in process (`app.inject`), for
 * the same visitor (their cookie, their address): the same checks, budgets and
 * public views apply as when the phone asks itself, and the client takes the
 * answer as if it had asked (web/src/lib/early-requests.ts). Only GETs the
 * page sends anyway are made: who is signed in; on `/e/:code` the landing's
 * public view; on `/attendee/event/:id`, for a signed-in visitor, their view
 * of the event. From the same answers the server draws those two pages
 * with the app's own components (page-render.ts), which the browser hydrates.
 */

/** Where the client reads the answers: `<script type="application/json" id=…>`. */
export const PAGE_ANSWERS_ID = 'ff-page-answers';

const SESSION_PATH = '/api/auth/session';
const LANDING_PAGE = /^\/e\/([^/]+)$/;
const EVENT_PAGE = /^\/attendee\/event\/(\d{1,10})$/;

export interface PageAnswer {
  status: number;
  body: unknown;
}

export interface PageParts {
  /** Answers by the URL the client asks them with (web/src/lib/api-client.ts builds the same). */
  answers: Record<string, PageAnswer>;
  /** The page as the app draws it (page-render.ts), for `#root`; null when the browser draws it. */
  markup: string | null;
  /** Whether an answer belongs to the visitor's session (the page must not be kept). */
  personal: boolean;
}

/** The attendee's view of an event, as web/src/features/attendance/api/ asks it. */
function eventDetailsUrl(id: string): string {
  return `/api/v1/get-attendee-event-details?${new URLSearchParams({ id }).toString()}`;
}

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The same visitor, asking the API in process: their cookie and address, nothing else. */
async function ask(
  app: FastifyInstance,
  request: FastifyRequest,
  url: string,
): Promise<PageAnswer | null> {
  const response = await askInProcess(app, request, { method: 'GET', url });
  // A failure of the server's own is left for the client to meet (and retry) itself.
  if (response.statusCode >= 500) return null;
  try {
    return { status: response.statusCode, body: response.json() };
  } catch {
    return null;
  }
}

function dataOf(answer: PageAnswer | null): unknown {
  const body = answer?.body;
  return typeof body === 'object' && body !== null && 'data' in body ? body.data : null;
}

/**
 * The page's answers and, for the two guest pages whose data the server has
 * (the landing of an event that exists, the event page of a signed-in
 * visitor the API answered), its markup. Any other page, or an answer the
 * API refused, is drawn by the browser, as it asks again itself.
 */
export async function pageParts(
  app: FastifyInstance,
  request: FastifyRequest,
  renderer: PageRenderer | null,
): Promise<PageParts> {
  const pathname = request.url.split('?')[0] ?? '/';
  const answers: Record<string, PageAnswer> = {};
  let drawn = false;

  const session = await ask(app, request, SESSION_PATH);
  if (session) answers[SESSION_PATH] = session;
  const signedIn = dataOf(session) !== null;

  const landing = LANDING_PAGE.exec(pathname);
  const code = landing?.[1] ? decodedSegment(landing[1]) : null;
  if (code) {
    const url = eventLandingUrl(code);
    const answer = await ask(app, request, url);
    if (answer) answers[url] = answer;
    drawn = answer?.status === 200;
  }

  const eventPage = EVENT_PAGE.exec(pathname);
  if (eventPage?.[1] && signedIn) {
    const url = eventDetailsUrl(eventPage[1]);
    const answer = await ask(app, request, url);
    if (answer) answers[url] = answer;
    drawn = answer?.status === 200;
  }
  const markup = drawn && renderer ? await renderer.render(request.url, answers) : null;
  return { answers, markup, personal: signedIn };
}

/**
 * JSON safe inside a `<script type="application/json">`: no `<` (no `</script>`
 * or `<!--` can end or change the block), no `>` or `&`, and the two line
 * separators JavaScript once treated as line ends.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * index.html's `#root` with what stands in it until the app starts (between
 * `<!--page-->` and `<!--/page-->`): replaced by a page the server drew,
 * marked so the browser hydrates it (web/src/main.tsx).
 */
const ROOT = /<div id="root">[\s\S]*?<!--\/page-->\s*<\/div>/;

/** index.html with the page's answers (and the page the server drew) in it. */
export function withPageParts(html: string, parts: PageParts): string {
  const answers = `<script type="application/json" id="${PAGE_ANSWERS_ID}">${jsonForHtml(parts.answers)}</script>`;
  const withAnswers = html.replace('</head>', `${answers}</head>`);
  if (parts.markup === null) return withAnswers;
  const root = `<div id="root" data-drawn="server">${parts.markup}</div>`;
  return withAnswers.replace(ROOT, () => root);
}
