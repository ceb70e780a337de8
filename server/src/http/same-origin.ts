import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from './errors.ts';

/**
 * Only the app's own pages may change state with the visitor's cookie. A
 * browser names the page a request comes from: `Origin` on every cross-origin
 * POST (and most same-origin ones), `Sec-Fetch-Site` on every request of a
 * current browser. A state-changing request either names the app's own origin
 * or carries neither header (an API client, curl: no cookie of a victim rides
 * along); anything else — another site, a sibling subdomain, a sandboxed
 * frame's `null` without `Sec-Fetch-Site: same-origin` — is refused with 403 before the route runs: no login into
 * an attacker's account, no form posted with a victim's session, multipart
 * included. WebSocket handshakes get the same check (browsers let any page
 * open one to any host, cookies included). Routes called by other services
 * (Stripe's webhook, signature-checked) opt out with `crossSite: true`.
 */

export const CROSS_SITE_MSG = 'Cross-site requests are not allowed.';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Called by another service, not a browser page (a signed webhook): no origin check. */
    crossSite?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface OriginPolicy {
  /** May a request with these headers act with the visitor's session? */
  allows(headers: IncomingMessage['headers'], ownOrigin: string | undefined): boolean;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The origin a browser would write for a URL: scheme, host and port. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * `publicUrl` is the address users open; `ownOrigin` (per request) is the
 * origin the request itself was sent to, so the same app reached by another
 * name (a LAN address at the venue, the Vite dev server's proxy) is itself.
 */
export function createOriginPolicy(publicUrl: string): OriginPolicy {
  const publicOrigin = originOf(publicUrl);
  return {
    allows(headers, ownOrigin) {
      const origin = single(headers.origin);
      const site = single(headers['sec-fetch-site']);
      if (origin !== undefined && origin !== 'null') {
        return origin === publicOrigin || origin === ownOrigin;
      }
      // A form posted from a page whose Referrer-Policy is no-referrer (ours, by helmet)
      // says `Origin: null`; Sec-Fetch-Site still tells its own pages from others.
      if (origin === 'null') return site === 'same-origin';
      return site === undefined || site === 'same-origin' || site === 'none';
    },
  };
}

/** The origin this request was sent to, as its browser sees it (behind a trusted proxy, its scheme and host). */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function registerSameOriginGuard(app: FastifyInstance, policy: OriginPolicy): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.crossSite) return;
    if (!policy.allows(request.headers, requestOrigin(request))) {
      request.log.warn(
        { origin: request.headers.origin, site: request.headers['sec-fetch-site'] },
        'cross-site request refused',
      );
      throw forbidden(CROSS_SITE_MSG);
    }
  });
}

/** A WebSocket handshake's own origin (no proxy knowledge here: the Host header it was sent to). */
export function handshakeOrigin(request: IncomingMessage): string | undefined {
  const host = single(request.headers.host);
  if (!host) return undefined;
  const forwardedProto = single(request.headers['x-forwarded-proto']);
  const encrypted = (request.socket as { encrypted?: boolean }).encrypted === true;
  const scheme = forwardedProto?.split(',')[0]?.trim() || (encrypted ? 'https' : 'http');
  return `${scheme}://${host}`;
}
