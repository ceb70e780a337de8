import { EVENT_DETAILS_POLL_MS } from './constants.ts';

/**
 * Words of the guest's event page that the server also writes, in its
 * poster of the page's top (server/src/http/page-posters.ts) shown until the
 * app draws: one source, so the poster never says other words than the page
 * that takes its place.
 */
export const EVENT_PAGE_WORDS = {
  goBack: 'Go Back',
  live: 'Live',
  ended: 'Ended',
  joined: 'Joined',
  leave: 'Leave',
  /** The status line while the page's socket is up. */
  liveOn: 'Live updates on',
  /** The status line while the page polls (before its socket is up, or after it drops). */
  liveOff: `Refreshing every ${EVENT_DETAILS_POLL_MS / 1000} s`,
} as const;

/** The subtitle under the event's name. */
export function hostedBy(hostName: string): string {
  return `Hosted by ${hostName}`;
}
