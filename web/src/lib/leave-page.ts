/**
 * Leaves the app for a page elsewhere (a checkout), in a full-page
 * navigation. Its own module so tests can stand in for it: jsdom cannot follow
 * a navigation, nor may `window.location` be replaced.
 */
export function leavePage(url: string): void {
  window.location.assign(url);
}
