import type { CookieSerializeOptions } from '@fastify/cookie';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { SESSION_TTL_SECONDS } from './tokens.ts';

export const SESSION_COOKIE = 'ff_session';

/**
 * The web app's session travels in this cookie: HttpOnly so page scripts
 * cannot read it, SameSite=Strict so other sites cannot make the browser send it.
 */
function baseOptions(config: Pick<Config, 'publicUrl'>): CookieSerializeOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: config.publicUrl.startsWith('https:'),
  };
}

/** Lasting only with "Remember me"; otherwise it ends with the browser session. */
export function setSessionCookie(
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
  token: string,
  remember: boolean,
): void {
  const options = baseOptions(config);
  if (remember) options.maxAge = SESSION_TTL_SECONDS.remembered;
  reply.setCookie(SESSION_COOKIE, token, options);
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'publicUrl'>): void {
  reply.clearCookie(SESSION_COOKIE, baseOptions(config));
}

/**
 * A browser that signed in to an account carries this mark of it (an HMAC of
 * the email under the server's secret, so it says nothing and cannot be made
 * up). Failed sign-ins from strangers can pause new browsers' sign-ins to an
 * account; a browser with the mark keeps signing in, so an attacker cannot
 * lock the owner out.
 */
export const DEVICE_COOKIE = 'ff_device';
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 3600;

function deviceMark(config: Pick<Config, 'jwtSecret'>, email: string): string {
  return createHmac('sha256', config.jwtSecret).update(`device:${email}`).digest('base64url');
}

export function setDeviceCookie(
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl' | 'jwtSecret'>,
  email: string,
): void {
  reply.setCookie(DEVICE_COOKIE, deviceMark(config, email), {
    ...baseOptions(config),
    maxAge: DEVICE_COOKIE_MAX_AGE,
  });
}

export function hasDeviceMark(
  request: FastifyRequest,
  config: Pick<Config, 'jwtSecret'>,
  email: string,
): boolean {
  const given = request.cookies[DEVICE_COOKIE];
  if (!given) return false;
  const expected = Buffer.from(deviceMark(config, email));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
