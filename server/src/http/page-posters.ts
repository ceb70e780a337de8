import {
  EVENT_PAGE_WORDS,
  hostedBy,
  ROLE,
  type AttendeeEventDetails,
  type SessionData,
} from '@floorfill/shared';
import { escapeHtml } from './escape-html.ts';

/**
 * Posters: the top of a guest's page as plain HTML, drawn by the server from
 * the same answers it puts inside the page (page-answers.ts) and styled by
 * the first paint's stylesheet (web/src/app/styles/shell.css, `.ff-poster`)
 * to stand exactly where the app draws the same things. A poster covers the
 * app while its code starts, so the phone shows the page's largest text with
 * the HTML itself; the page removes it in the frame it draws itself
 * (web/src/lib/page-poster.ts). A poster says only what the answer it is
 * drawn from says. Its markup and those rules change together with the
 * components they stand for (named at each poster); e2e/posters.spec.ts
 * checks that each stands where the app draws.
 */

/** Where the client finds the poster (web/src/lib/page-poster.ts). */
export const POSTER_ID = 'ff-poster';

/** The opening tag of a poster drawn for the page at `path`, which removes it once drawn. */
function posterOpen(path: string, kind: string): string {
  return `<div id="${POSTER_ID}" class="ff-poster ${kind}" data-path="${escapeHtml(path)}">`;
}

/** A banner path the landing may show: the app's own uploads only, as the page draws them. */
function bannerSrc(path: string | null): string | null {
  return path && /^\/uploads\/[\w./-]+$/.test(path) && !path.includes('..') ? path : null;
}

/** The brand mark of web/src/components/ui/logo.tsx, at the size of the bars. */
const LOGO_MARK =
  '<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">' +
  '<rect width="32" height="32" rx="8" fill="#5b21b6"/><g fill="#ffffff">' +
  '<rect x="7" y="16" width="3" height="9" rx="1.5"/><rect x="12.5" y="9" width="3" height="16" rx="1.5"/>' +
  '<rect x="23.5" y="7" width="3" height="18" rx="1.5"/></g>' +
  '<rect x="18" y="12" width="3" height="13" rx="1.5" fill="#c026d3"/></svg>';

/**
 * Tabler icons (MIT, @tabler/icons-react, which the app draws) as SVG: the
 * path data of each, at the size the page gives it.
 */
const ICON_PATHS = {
  arrowLeft: ['M5 12l14 0', 'M5 12l6 6', 'M5 12l6 -6'],
  check: ['M5 12l5 5l10 -10'],
  chevronDown: ['M6 9l6 6l6 -6'],
  doorExit: [
    'M13 12v.01',
    'M3 21h18',
    'M5 21v-16a2 2 0 0 1 2 -2h7.5m2.5 10.5v7.5',
    'M14 7h7m-3 -3l3 3l-3 3',
  ],
  qrcode: [
    'M4 5a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v4a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1l0 -4',
    'M7 17l0 .01',
    'M14 5a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v4a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1l0 -4',
    'M7 7l0 .01',
    'M4 15a1 1 0 0 1 1 -1h4a1 1 0 0 1 1 1v4a1 1 0 0 1 -1 1h-4a1 1 0 0 1 -1 -1l0 -4',
    'M17 7l0 .01',
    'M14 14l3 0',
    'M20 14l0 .01',
    'M14 14l0 3',
    'M14 20l3 0',
    'M17 17l3 0',
    'M20 17l0 3',
  ],
} as const;

function icon(name: keyof typeof ICON_PATHS, size: number): string {
  const paths = ICON_PATHS[name].map((d) => `<path d="${d}"/>`).join('');
  return (
    `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" ` +
    `stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`
  );
}

/**
 * The top of the event landing (`/e/:code`): the bar with the wordmark, the
 * banner, the event's name and time, as web/src/app/layouts/public-layout.tsx
 * and web/src/features/room/components/event-landing.tsx draw them. Public
 * facts only: the landing's own public view.
 */
export function landingPoster(
  path: string,
  event: {
    name: string;
    formatted_start_time: string;
    timezone: string;
    banner_path: string | null;
  },
): string {
  const banner = bannerSrc(event.banner_path);
  // A banner it cannot draw would move the title once the page replaces it: no poster then.
  if (event.banner_path && !banner) return '';
  return (
    posterOpen(path, 'ff-poster-landing') +
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

/** The signed-in frame's top bar (web/src/app/layouts/app-layout.tsx, a phone's). */
function appBar(session: SessionData): string {
  // The account menu's avatar: the first letter of the name shown (profile-menu.tsx).
  const shownName = session.user.display_name?.trim() || session.user.name;
  return (
    `<div class="ff-poster-appbar"><span class="ff-poster-burger"><span></span></span>` +
    `<span class="ff-poster-logo">${LOGO_MARK}<span class="ff-poster-wordmark">Floorfill</span></span>` +
    `<span class="ff-poster-account"><span class="ff-poster-avatar">` +
    `${escapeHtml(shownName.slice(0, 1).toUpperCase())}</span>${icon('chevronDown', 16)}</span></div>`
  );
}

/** Live or Ended above the name, as the attendee's page badges it; nothing before the start. */
function stateBadge(event: AttendeeEventDetails): string {
  if (event.is_live) {
    return `<span class="ff-poster-badge ff-poster-badge-live">${EVENT_PAGE_WORDS.live}</span>`;
  }
  if (event.has_ended) {
    return `<span class="ff-poster-badge ff-poster-badge-ended">${EVENT_PAGE_WORDS.ended}</span>`;
  }
  return '';
}

/** A button of the page as it first shows, before its code can press it. */
function button(
  variant: 'disabled' | 'default' | 'subtle',
  iconName: keyof typeof ICON_PATHS,
  label: string,
) {
  return (
    `<span class="ff-poster-button ff-poster-button-${variant}">${icon(iconName, 16)}` +
    `<span class="ff-poster-button-label">${label}</span></span>`
  );
}

/**
 * The top of the guest's event page (`/attendee/event/:id`) for a visitor
 * who joined: the signed-in frame's bar, the live status as the page first
 * says it (polling, until its socket is up), and the event's header card
 * without banner, with Joined and Leave, as
 * web/src/features/attendance/components/attendee-event-details.tsx and
 * web/src/features/events/components/event-header-card.tsx draw them on a
 * phone. Drawn from the visitor's own answers (who they are, their view of
 * the event); none for a visitor who has not joined, whose page opens on the
 * banner instead. A phone's only: a wider screen's side menu, open or not
 * as that device remembers, decides where the page stands.
 */
export function eventPagePoster(
  path: string,
  event: AttendeeEventDetails,
  session: SessionData,
): string {
  if (!event.joined) return '';
  const isGuest = session.role === ROLE.guest;
  const hostName = event.host.display_name || event.host.name;
  return (
    posterOpen(path, 'ff-poster-event') +
    appBar(session) +
    `<div class="ff-poster-app-main">` +
    `<div class="ff-poster-status-row${isGuest ? '' : ' ff-poster-status-row-back'}">` +
    (isGuest ? '' : button('subtle', 'arrowLeft', EVENT_PAGE_WORDS.goBack)) +
    `<span class="ff-poster-status"><span class="ff-poster-status-dot"></span>` +
    // The page's status line before its socket is up (web/src/features/realtime/components/live-status.tsx).
    `<span class="ff-poster-status-text">${EVENT_PAGE_WORDS.liveOff}</span></span></div>` +
    `<div class="ff-poster-card"><div class="ff-poster-card-head"><div class="ff-poster-card-titles">` +
    stateBadge(event) +
    `<h1 class="ff-poster-event-name">${escapeHtml(event.name)}</h1>` +
    `<p class="ff-poster-subtitle">${escapeHtml(hostedBy(hostName))}</p></div>` +
    (event.url ? `<span class="ff-poster-share">${icon('qrcode', 24)}</span>` : '') +
    `</div><div class="ff-poster-actions">` +
    button('disabled', 'check', EVENT_PAGE_WORDS.joined) +
    button('default', 'doorExit', EVENT_PAGE_WORDS.leave) +
    `</div></div></div></div>`
  );
}
