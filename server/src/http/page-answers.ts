import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  attendeeEventDetailsSchema,
  eventLandingSchema,
  eventLandingUrl,
  sessionData,
} from '@floorfill/shared';
import { eventPagePoster, landingPoster } from './page-posters.ts';

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
 * of the event. From the same answers, those two pages also get a poster of
 * their top (page-posters.ts).
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
  /** The page's poster (page-posters.ts), drawn over the app until its page is ready; '' for none. */
  poster: string;
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
  const visitor = sessionData.safeParse(dataOf(session));

  const landing = LANDING_PAGE.exec(pathname);
  const code = landing?.[1] ? decodedSegment(landing[1]) : null;
  if (code) {
    const url = eventLandingUrl(code);
    const answer = await ask(app, request, url);
    if (answer) {
      answers[url] = answer;
      const event = eventLandingSchema.safeParse(dataOf(answer));
      if (answer.status === 200 && event.success && !event.data.has_ended) {
        poster = landingPoster(pathname, event.data);
      }
    }
  }

  const eventPage = EVENT_PAGE.exec(pathname);
  if (eventPage?.[1] && signedIn) {
    const url = eventDetailsUrl(eventPage[1]);
    const answer = await ask(app, request, url);
    if (answer) answers[url] = answer;
    const event = attendeeEventDetailsSchema.safeParse(dataOf(answer));
    if (answer?.status === 200 && event.success && visitor.success) {
      poster = eventPagePoster(pathname, event.data, visitor.data);
    }
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

/** index.html with the page's answers (and poster) in it. */
export function withPageParts(html: string, parts: PageParts): string {
  const answers = `<script type="application/json" id="${PAGE_ANSWERS_ID}">${jsonForHtml(parts.answers)}</script>`;
  const withAnswers = html.replace('</head>', `${answers}</head>`);
  return parts.poster ? withAnswers.replace('</body>', `${parts.poster}</body>`) : withAnswers;
}
