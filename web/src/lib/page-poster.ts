/**
 * A guest page's poster: the top of the page as plain HTML, drawn by the
 * server over the app (server/src/http/page-posters.ts) so a phone shows the
 * page before the app's code has run. The page removes it once it has drawn
 * itself; the app removes it as soon as it shows any other page (a redirect,
 * a link), since a poster stands for the one page it was drawn for.
 */
const POSTER_ID = 'ff-poster';

export function removePagePoster(): void {
  document.getElementById(POSTER_ID)?.remove();
}

/** Removes the poster unless it stands for the page at `pathname`. */
export function removePosterOfOtherPage(pathname: string): void {
  const poster = document.getElementById(POSTER_ID);
  if (poster && poster.dataset.path !== pathname) poster.remove();
}
