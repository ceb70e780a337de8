import { joinEventData, loginAsGuestBody } from '@floorfill/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EVENT_PASS_COOKIE } from '../events/event-pass.ts';
import { askInProcess } from './in-process.ts';
import { errorResponses, redirectResponse } from './responses.ts';

/**
 * Join as guest from the event landing's HTML form, before the app's code has
 * arrived: the landing the server drew (page-render.ts) is a plain
 * `<form method="post">` on its own address (web/src/features/room/components/
 * guest-entry-form.tsx). The server does what the app does on that tap — the
 * guest sign-in, then the join, each through the API's own route in process
 * (same schemas, same budgets for the same address, the same-origin check on
 * this post itself) — and sends the browser to the guest's event page with
 * the new session cookie. When a step is refused (the address's budget wants
 * the device check, the event is closed), the browser goes back to the
 * landing, whose app then offers the same join with its own checks and words.
 * Once the app runs, it joins by itself and this route is not used.
 */

const landingParams = z.object({ code: z.string().max(64) });

function landingOf(code: string): string {
  return `/e/${encodeURIComponent(code)}`;
}

/** The `data` of an API answer's envelope, if it has one. */
function dataOf(response: { json: () => unknown }): unknown {
  try {
    const body = response.json();
    return typeof body === 'object' && body !== null && 'data' in body ? body.data : undefined;
  } catch {
    return undefined;
  }
}

/** The `Set-Cookie` headers of an answer, as a list. */
function setCookiesOf(headers: Record<string, unknown>): string[] {
  const value = headers['set-cookie'];
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? [value] : [];
}

export const guestJoinForm: FastifyPluginAsyncZod = async (app) => {
  // The form posts url-encoded fields; only this scope needs to read them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    '/e/:code',
    {
      schema: {
        // A page's form, not the API: out of the API's document, as the pages are.
        hide: true,
        params: landingParams,
        consumes: ['application/x-www-form-urlencoded'],
        body: loginAsGuestBody,
        response: {
          303: redirectResponse("The guest's event page once joined, else back to the landing."),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const name = request.body?.name;
      const login = await askInProcess(app, request, {
        method: 'POST',
        url: '/api/v1/login-as-guest',
        body: name ? { name } : {},
      });
      const cookies = setCookiesOf(login.headers);
      const pass = request.cookies[EVENT_PASS_COOKIE];
      const session = login.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
      if (login.statusCode !== 200 || !session) return reply.redirect(landingOf(code), 303);
      reply.header('set-cookie', cookies);

      const joined = await askInProcess(app, request, {
        method: 'POST',
        url: '/api/v1/join-event',
        body: { event_code: code },
        // The new session, with the event pass the landing's link left (events/event-pass.ts).
        cookie: pass ? `${session}; ${EVENT_PASS_COOKIE}=${pass}` : session,
      });
      const event = joinEventData.safeParse(dataOf(joined));
      if (joined.statusCode !== 200 || !event.success) {
        // Signed in now: the landing's app joins a signed-in visitor by itself, or says why not.
        return reply.redirect(landingOf(code), 303);
      }
      return reply.redirect(`/attendee/event/${event.data.id}`, 303);
    },
  );
};
