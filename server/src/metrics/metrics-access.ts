import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Loopback and private ranges: a Prometheus on the same host or the deployment's own network. */
const PRIVATE_NETWORKS = new BlockList();
PRIVATE_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE_NETWORKS.addAddress('::1', 'ipv6');
PRIVATE_NETWORKS.addSubnet('fc00::', 7, 'ipv6');
PRIVATE_NETWORKS.addSubnet('fe80::', 10, 'ipv6');

const IPV4_MAPPED = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i;
const BEARER = /^Bearer\s+(\S+)$/i;
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

export function isPrivateAddress(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = IPV4_MAPPED.exec(address)?.[1];
  if (mapped) return PRIVATE_NETWORKS.check(mapped, 'ipv4');
  return PRIVATE_NETWORKS.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

function sameSecret(given: string, expected: string): boolean {
  // Compare digests so neither the length nor the content leaks through timing.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export type MetricsAccess = 'allowed' | 'token required' | 'not private';

/**
 * Who may read /metrics. With METRICS_TOKEN: whoever sends it as a Bearer
 * token. Without it: only requests that come straight from a loopback or
 * private address. The socket's own peer address is checked, never
 * X-Forwarded-For, and anything relayed by a proxy (the load balancer adds
 * X-Forwarded-For) is refused, so the public cannot reach it through the
 * balancer nor spoof its way in.
 */
export function metricsAccess(request: FastifyRequest, token: string | undefined): MetricsAccess {
  if (token) {
    const given = BEARER.exec(request.headers.authorization ?? '')?.[1];
    return given && sameSecret(given, token) ? 'allowed' : 'token required';
  }
  const relayed = PROXY_HEADERS.some((header) => request.headers[header] !== undefined);
  if (relayed || !isPrivateAddress(request.socket.remoteAddress)) return 'not private';
  return 'allowed';
}
