/** The landing's data call for `code`; the app also sends it early, as it starts (app/router.tsx). */
export function eventLandingUrl(code: string): string {
  return `/api/v1/get-event-landing?${new URLSearchParams({ code }).toString()}`;
}
