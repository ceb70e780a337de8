/**
 * GETs sent as the app starts, before the code that reads them has arrived:
 * the page's data travels beside its code instead of after it. The API client
 * (`api-client.ts`) takes an early answer once, as if it had sent the request
 * itself; an answer nobody takes is dropped with the page.
 */

const early = new Map<string, Promise<Response>>();

/** The same request the API client would send for `url` (see `buildInit` there). */
export function requestEarly(url: string): void {
  if (early.has(url)) return;
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
  const response = early.get(url);
  early.delete(url);
  return response;
}
