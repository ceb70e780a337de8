import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';

/**
 * A call to the API's own route, in process (`app.inject`), for the visitor
 * of `request`: their address (so budgets count them), their browser's
 * name, and the session cookie given (theirs unless told otherwise). The
 * route's checks, budgets and public views apply as if the phone had asked.
 * No `Origin`: the request this runs for has passed the same-origin check
 * itself (http/same-origin.ts), and this call is the server's own.
 */
export function askInProcess(
  app: FastifyInstance,
  request: FastifyRequest,
  call: { method: 'GET' | 'POST'; url: string; body?: object; cookie?: string },
): Promise<LightMyRequestResponse> {
  const forwarded = request.headers['x-forwarded-for'];
  const cookie = call.cookie ?? request.headers.cookie;
  return app.inject({
    method: call.method,
    url: call.url,
    remoteAddress: request.socket.remoteAddress,
    headers: {
      accept: 'application/json',
      ...(call.body ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
      ...(forwarded ? { 'x-forwarded-for': forwarded } : {}),
      ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
    },
    ...(call.body ? { payload: call.body } : {}),
  });
}
