/**
 * GETs answered before the code that reads them has arrived: the page's data
 * travels beside its code instead of after it. Two sources:
 *
 * - answers the server put inside the page (`<script type="application/json"
 *   id="ff-page-answers">`, server/src/http/page-answers.ts): who is signed
 *   in, the landing's event, the attendee's event, made for this visitor as
 *   the page was served;
 * - requests sent as the app starts (`requestEarly`), for the rest.
 *
 * The API client (`api-client.ts`) takes an early answer once, as if it had
 * sent the request itself; an answer nobody takes is dropped with the page.
 */

const PAGE_ANSWERS_ID = 'ff-page-answers';
/** A page's answers are for its start: a call made later asks the server again. */
const PAGE_ANSWERS_FRESH_MS = 30_000;

export interface PageAnswer {
  status: number;
  body: unknown;
}

let pageAnswers: Map<string, PageAnswer> | null = null;
/** When the answers were made, on `performance.now()`'s clock: the page's start, in a browser. */
let answersMadeAt = 0;

function isPageAnswer(value: unknown): value is PageAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    typeof value.status === 'number' &&
    'body' in value
  );
}

/** The server's answers in this page, read once (none in development or in tests). */
function readPageAnswers(): Map<string, PageAnswer> {
  if (pageAnswers) return pageAnswers;
  pageAnswers = new Map();
  const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_ANSWERS_ID);
  try {
    const parsed: unknown = JSON.parse(text?.textContent ?? '{}');
    if (typeof parsed === 'object' && parsed !== null) {
      for (const [url, answer] of Object.entries(parsed)) {
        if (isPageAnswer(answer)) pageAnswers.set(url, answer);
      }
    }
  } catch {
    // A page without readable answers asks for everything itself.
  }
  return pageAnswers;
}

function freshPageAnswer(url: string): PageAnswer | undefined {
  if (performance.now() - answersMadeAt > PAGE_ANSWERS_FRESH_MS) return undefined;
  return readPageAnswers().get(url);
}

/**
 * The answers of the page the server is drawing (web/src/entry-server.tsx):
 * the same ones it then puts inside the page, so the page it draws and the
 * one the browser hydrates start from the same data.
 */
export function providePageAnswers(answers: Record<string, PageAnswer>): void {
  pageAnswers = new Map(Object.entries(answers).filter(([, answer]) => isPageAnswer(answer)));
  answersMadeAt = performance.now();
}

/** The server's answer for `url` in this page, without taking it (undefined if none). */
export function peekPageAnswer(url: string): PageAnswer | undefined {
  return freshPageAnswer(url);
}

/** The server's answer for `url` in this page, at most once (undefined if none). */
export function takePageAnswer(url: string): PageAnswer | undefined {
  const answer = freshPageAnswer(url);
  if (answer) readPageAnswers().delete(url);
  return answer;
}

/** The data of the server's answer for `url` in this page, without taking it (undefined if none). */
export function peekPageAnswerData(url: string): unknown {
  const body = freshPageAnswer(url)?.body;
  return typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined;
}

const early = new Map<string, Promise<Response>>();

/** The same request the API client would send for `url` (see `buildInit` there). */
export function requestEarly(url: string): void {
  if (early.has(url) || freshPageAnswer(url)) return;
  const response = fetch(url, {
    headers: { Accept: 'application/json' },
    credentials: 'same-origin',
  });
  // Read (and its failure handled) by whoever takes it.
  response.catch(() => undefined);
  early.set(url, response);
}

/** The early answer for `url`, at most once. */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const answer = takePageAnswer(url);
  if (answer) {
    return Promise.resolve(
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  }
  const response = early.get(url);
  early.delete(url);
  return response;
}
