import { MSG, type FieldErrors } from '@floorfill/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, isPoolExhausted } from '../infra/db.ts';
import { failure, validationFailure } from './envelope.ts';
import { HttpError, ServerBusyError, ValidationError, type OverloadReason } from './errors.ts';

function fieldErrorsFrom(
  validation: ReadonlyArray<{ instancePath: string; message?: string | undefined }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    (errors[field] ??= []).push(issue.message ?? MSG.invalidData);
  }
  return errors;
}

/**
 * busboy (under @fastify/multipart) throws plain errors without a status for a
 * body that breaks off, or a boundary that is missing, empty or too long: the
 * client's fault, so a 400 rather than a 500.
 */
function isMalformedMultipart(error: FastifyError): boolean {
  return (
    error.statusCode === undefined &&
    /^(Unexpected end of multipart data|Multipart: Boundary not found|The needle cannot|\w+ terminated early due to unexpected end of multipart data)/.test(
      error.message,
    )
  );
}

/**
 * While a node sheds, it warns at most once a second: a log line per
 * turned-away request would add to the load it reports.
 */
const SHED_WARNING_INTERVAL_MS = 1000;

type BusyAnswer = (
  request: FastifyRequest,
  reply: FastifyReply,
  reason: OverloadReason,
) => FastifyReply;

/**
 * Answers a request this node is too busy to serve: 503, Retry-After, the
 * busy message. Counted by reason in overload_shed_total; the warning carries
 * how many requests were turned away since the last one.
 */
function busyAnswer(app: FastifyInstance): BusyAnswer {
  let lastWarningAt = Number.NEGATIVE_INFINITY;
  let shedSinceWarning = 0;
  return (request, reply, reason) => {
    const { config, metrics } = app.ctx;
    metrics.overloadShed.inc({ reason });
    shedSinceWarning += 1;
    const now = performance.now();
    if (now - lastWarningAt >= SHED_WARNING_INTERVAL_MS) {
      request.log.warn({ reason, shed: shedSinceWarning }, 'overloaded: shedding requests');
      lastWarningAt = now;
      shedSinceWarning = 0;
    }
    const retryAfter = config.overload.retryAfterSeconds;
    return reply
      .status(503)
      .header('retry-after', String(retryAfter))
      .send(failure(MSG.serverBusy, { retry_after_seconds: retryAfter, request_id: request.id }));
  };
}

/**
 * The one error handler: client mistakes become the spec's envelope with a 4xx;
 * an overloaded node (see overload.plugin.ts) and a lost database each become
 * a 503 of their own; anything else is logged with its request context and
 * answered as a 500 without internals. A 5xx body carries the
 * request id (also in the `x-request-id` header and on every log line of the
 * request), so a user's report leads an operator to the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const answerBusy = busyAnswer(app);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(422)
        .send(validationFailure(MSG.invalidData, fieldErrorsFrom(error.validation)));
    }
    if (error instanceof ValidationError) {
      return reply.status(422).send(validationFailure(error.message, error.fieldErrors));
    }
    if (error instanceof ServerBusyError) return answerBusy(request, reply, error.reason);
    if (error instanceof HttpError) {
      // A 429 that knows the wait says it in the header too, as the rate limiter's do.
      const wait = error.data?.retry_after_seconds;
      if (error.statusCode === 429 && typeof wait === 'number') {
        reply.header('retry-after', String(wait));
      }
      // A challenge is good once: no cache may hand it to anyone again.
      if (error.statusCode === 428) reply.header('cache-control', 'no-store');
      return reply.status(error.statusCode).send(failure(error.message, error.data));
    }
    // Every pool connection stayed checked out for the whole wait: the
    // database answers, this node asks it more than its pool can carry.
    if (isPoolExhausted(error)) return answerBusy(request, reply, 'pool_exhausted');
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(failure(MSG.serviceUnavailable, { request_id: request.id }));
    }
    if (isMalformedMultipart(error)) {
      return reply.status(400).send(failure('The form data is malformed or incomplete.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong media type, body too large): their text is safe to show.
      const message = status === 429 ? MSG.tooManyRequests : error.message;
      return reply.status(status).send(failure(message));
    }
    request.log.error(
      {
        err: error,
        reqId: request.id,
        method: request.method,
        url: request.url,
        userId: request.session?.userId,
      },
      'unhandled error',
    );
    return reply.status(500).send(failure(MSG.unexpected, { request_id: request.id }));
  });

  app.setNotFoundHandler((request, reply) => {
    return reply
      .status(404)
      .send(failure(`${MSG.notFound} (${request.method} ${request.url.split('?')[0]})`));
  });
}
