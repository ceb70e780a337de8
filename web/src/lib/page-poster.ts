/**
 * The event landing's poster: the top of the page as plain HTML, drawn by the
 * server over the app (server/src/http/page-answers.ts) so a phone shows the
 * event before the app's code has run. The app removes it once it has drawn
 * a page of its own (the landing, or whatever replaced it).
 */
const POSTER_ID = 'ff-poster';

export function removePagePoster(): void {
  document.getElementById(POSTER_ID)?.remove();
}
