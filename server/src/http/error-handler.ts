import { MSG, type FieldErrors } from '@floorfill/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../infra/db.ts';
import { failure, validationFailure } from './envelope.ts';
import { HttpError, ValidationError } from './errors.ts';

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
 * The one error handler: client mistakes become the spec's envelope with a 4xx;
 * a lost database becomes a 503; anything else is logged with its request
 * context and answered as a 500 without internals. A 5xx body carries the
 * request id (also in the `x-request-id` header and on every log line of the
 * request), so a user's report leads an operator to the log.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(422)
        .send(validationFailure(MSG.invalidData, fieldErrorsFrom(error.validation)));
    }
    if (error instanceof ValidationError) {
      return reply.status(422).send(validationFailure(error.message, error.fieldErrors));
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(failure(error.message, error.data));
    }
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
