import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
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
