/**
 * Names on the wire outside the contracts, that the server and the web app
 * both write: one spelling, here.
 */

/**
 * The event landing's data call for `code`. The web app asks it (early, as
 * it starts), and the server puts its answer inside the landing's page under
 * this same URL, for the app to find there.
 */
export function eventLandingUrl(code: string): string {
  return `/api/v1/get-event-landing?${new URLSearchParams({ code }).toString()}`;
}

/**
 * An `x-request-id` the server takes as a request's id (a load balancer's,
 * on HTTP requests and socket upgrades alike); any other is replaced by one
 * of the server's own.
 */
export const REQUEST_ID_PATTERN = /^[\w-]{8,64}$/;
