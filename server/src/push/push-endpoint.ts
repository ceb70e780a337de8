import { hostMatches } from '@floorfill/shared';
import type { PushConfig } from '../config.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether the server may send to this push endpoint: a guest hands us the
 * address, so it must be one of the known push services (PUSH_SERVICE_HOSTS)
 * over https, never an address of our own network. Outside production a
 * loopback service over http is allowed too (a local fake in tests).
 */
export function isAllowedPushEndpoint(endpoint: string, push: PushConfig): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const hostname = url.hostname.toLowerCase();
  if (!push.serviceHosts.some((pattern) => hostMatches(hostname, pattern))) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && push.allowLoopbackHttp && LOOPBACK_HOSTS.has(hostname);
}
