import type { FastifyReply, FastifyRequest } from 'fastify';
import { createLinkKeys } from '../http/link-keys.ts';
import { normalizeEventCode } from './event-code.ts';

/**
 * An event's own link (`/e/<code>?k=<key>`, what its QR and share link
 * carry) proves the browser was given the code, not that it guessed it. The
 * page that opens it leaves the browser a pass for that one code, and every
 * try of that code the browser makes after (the landing's answer, the join,
 * the big screen) passes the code guard without spending or paying: a room
 * scanning the QR behind one address never meets a challenge. Typed codes
 * carry no pass and meet the guard as before.
 */

/** The cookie holding a browser's pass: `<code>.<key>` of the last event link it opened. */
export const EVENT_PASS_COOKIE = 'ff_event_pass';
/** A night, with room to spare. */
const PASS_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The pages an event's own link opens: its landing and its big screen. */
const LINKED_PAGE = /^\/(?:e|display)\/([^/]+)$/;

export function createEventPasses(secret: string, publicUrl: string) {
  const keys = createLinkKeys(secret, 'event-link');
  const subjectOf = (code: string) => `event:${normalizeEventCode(code)}`;

  return {
    /** The key an event's own link carries. */
    keyOf: (code: string) => keys.keyOf(subjectOf(code)),

    /** Whether a pass (the cookie's value) vouches for this code. */
    vouches(pass: string | undefined, code: string): boolean {
      if (!pass) return false;
      const dot = pass.lastIndexOf('.');
      if (dot <= 0) return false;
      const passCode = pass.slice(0, dot);
      return (
        normalizeEventCode(passCode) === normalizeEventCode(code) &&
        keys.holds(subjectOf(passCode), pass.slice(dot + 1))
      );
    },

    /**
     * A page opened by an event's own link: the browser keeps the pass (and
     * the request carries it already, for the answers the server asks for
     * while drawing the page). Anything else is left as it is.
     */
    issueFromLink(request: FastifyRequest, reply: FastifyReply): void {
      const [pathname = '/', search = ''] = request.url.split('?');
      const segment = LINKED_PAGE.exec(pathname)?.[1];
      const key = new URLSearchParams(search).get('k');
      if (!segment || !key) return;
      let code: string;
      try {
        code = normalizeEventCode(decodeURIComponent(segment));
      } catch {
        return;
      }
      if (!/^[A-Z0-9]{1,16}$/.test(code) || !keys.holds(subjectOf(code), key)) return;
      const pass = `${code}.${key}`;
      reply.setCookie(EVENT_PASS_COOKIE, pass, {
        httpOnly: true,
        // Opened from a camera app (another "site"); the pass only spares a known code the guard.
        sameSite: 'lax',
        path: '/',
        maxAge: PASS_MAX_AGE_SECONDS,
        secure: publicUrl.startsWith('https:'),
      });
      request.cookies[EVENT_PASS_COOKIE] = pass;
      const others = (request.headers.cookie ?? '')
        .split(';')
        .map((part) => part.trim())
        .filter((part) => part && !part.startsWith(`${EVENT_PASS_COOKIE}=`));
      request.headers.cookie = [...others, `${EVENT_PASS_COOKIE}=${pass}`].join('; ');
    },
  };
}

export type EventPasses = ReturnType<typeof createEventPasses>;
