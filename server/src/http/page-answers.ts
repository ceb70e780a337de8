import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eventLandingSchema } from '@floorfill/shared';
import { escapeHtml } from './escape-html.ts';

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
 * of the event.
 */

/** Where the client reads the answers: `<script type="application/json" id=…>`. */
export const PAGE_ANSWERS_ID = 'ff-page-answers';
/** Where the client finds the landing's poster, drawn by the server (see landingPoster). */
export const POSTER_ID = 'ff-poster';

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
  /** The landing's poster, drawn over the app until its page is ready; '' for none. */
  poster: string;
  /** Whether an answer belongs to the visitor's session (the page must not be kept). */
  personal: boolean;
}

/** The landing's data call, as web/src/features/room/api/landing-url.ts spells it. */
function landingUrl(code: string): string {
  return `/api/v1/get-event-landing?${new URLSearchParams({ code }).toString()}`;
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
  const forwarded = request.headers['x-forwarded-for'];
  const response = await app.inject({
    method: 'GET',
    url,
    remoteAddress: request.socket.remoteAddress,
    headers: {
      accept: 'application/json',
      ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
      ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
    },
  });
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

export async function pageParts(app: FastifyInstance, request: FastifyRequest): Promise<PageParts> {
  const pathname = request.url.split('?')[0] ?? '/';
  const answers: Record<string, PageAnswer> = {};
  let poster = '';
  let personal = false;

  const session = await ask(app, request, SESSION_PATH);
  if (session) answers[SESSION_PATH] = session;
  const signedIn = dataOf(session) !== null;
  if (signedIn) personal = true;

  const landing = LANDING_PAGE.exec(pathname);
  const code = landing?.[1] ? decodedSegment(landing[1]) : null;
  if (code) {
    const url = landingUrl(code);
    const answer = await ask(app, request, url);
    if (answer) {
      answers[url] = answer;
      const event = eventLandingSchema.safeParse(dataOf(answer));
      if (answer.status === 200 && event.success && !event.data.has_ended) {
        poster = landingPoster(event.data);
      }
    }
  }

  const eventPage = EVENT_PAGE.exec(pathname);
  if (eventPage?.[1] && signedIn) {
    const url = eventDetailsUrl(eventPage[1]);
    const answer = await ask(app, request, url);
    if (answer) answers[url] = answer;
  }
  return { answers, poster, personal };
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

/** A banner path the landing may show: the app's own uploads only, as the page draws them. */
function bannerSrc(path: string | null): string | null {
  return path && /^\/uploads\/[\w./-]+$/.test(path) && !path.includes('..') ? path : null;
}

const LOGO_MARK =
  '<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">' +
  '<rect width="32" height="32" rx="8" fill="#5b21b6"/><g fill="#ffffff">' +
  '<rect x="7" y="16" width="3" height="9" rx="1.5"/><rect x="12.5" y="9" width="3" height="16" rx="1.5"/>' +
  '<rect x="23.5" y="7" width="3" height="18" rx="1.5"/></g>' +
  '<rect x="18" y="12" width="3" height="13" rx="1.5" fill="#c026d3"/></svg>';

/**
 * The top of the event landing as plain HTML (the bar with the wordmark, the
 * banner, the event's name and time), styled by the first paint's stylesheet
 * (web/src/app/styles/shell.css, `.ff-poster`) to stand exactly where the app
 * draws them. It covers the app while its code starts, so the phone shows the
 * event with the HTML itself; the landing removes it once it has drawn
 * itself. Public facts only: the landing's own public view.
 */
export function landingPoster(event: {
  name: string;
  formatted_start_time: string;
  timezone: string;
  banner_path: string | null;
}): string {
  const banner = bannerSrc(event.banner_path);
  // A banner it cannot draw would move the title once the page replaces it: no poster then.
  if (event.banner_path && !banner) return '';
  return (
    `<div id="${POSTER_ID}" class="ff-poster">` +
    `<div class="ff-poster-bar"><div class="ff-poster-container ff-poster-brand">${LOGO_MARK}` +
    `<span class="ff-poster-wordmark">Floorfill</span></div></div>` +
    `<div class="ff-poster-container ff-poster-main"><div class="ff-poster-page">` +
    (banner ? `<img class="ff-poster-banner" src="${escapeHtml(banner)}" alt="">` : '') +
    `<div class="ff-poster-heading"><h1 class="ff-poster-title">${escapeHtml(event.name)}</h1>` +
    `<p class="ff-poster-time">${escapeHtml(event.formatted_start_time)} ` +
    `<span class="ff-poster-zone">(${escapeHtml(event.timezone)})</span></p></div>` +
    `</div></div></div>`
  );
}

/** index.html with the page's answers (and poster) in it. */
export function withPageParts(html: string, parts: PageParts): string {
  const answers = `<script type="application/json" id="${PAGE_ANSWERS_ID}">${jsonForHtml(parts.answers)}</script>`;
  const withAnswers = html.replace('</head>', `${answers}</head>`);
  return parts.poster ? withAnswers.replace('</body>', `${parts.poster}</body>`) : withAnswers;
}
