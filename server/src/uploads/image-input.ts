import { IMAGE_UPLOAD_MAX_BYTES } from '@floorfill/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fieldError } from '../http/errors.ts';
import { IMAGE_TYPE_MESSAGE, InvalidImageError, prepareImage, type ImageKind } from './images.ts';

/**
 * How an image reaches a route: a multipart file (a Buffer, as multipart is
 * registered with attachFieldsToBody 'keyValues') or a base64 data URL in a
 * text field or JSON (the spec's update-event sends the banner that way).
 */

export const IMAGE_TOO_LARGE_MESSAGE = `The file may not be greater than ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`;
const NOT_AN_IMAGE_INPUT = 'Must be an image file or a data:image/...;base64 URL.';

/** Base64 carries 4 characters per 3 bytes; a little room for the data: prefix. */
export const DATA_URL_MAX_CHARS = Math.ceil(IMAGE_UPLOAD_MAX_BYTES / 3) * 4 + 256;

/** The schema field for an optional image; the bytes are checked by imageBytesFrom and prepareImage. */
export const imageInputField = z
  .union(
    [
      // A file part of a multipart form; the OpenAPI document shows it as binary content.
      z.instanceof(Buffer).meta({ type: 'string', contentMediaType: 'application/octet-stream' }),
      z.string().max(DATA_URL_MAX_CHARS, IMAGE_TOO_LARGE_MESSAGE),
    ],
    { error: NOT_AN_IMAGE_INPUT },
  )
  .meta({ description: 'An image file (multipart), or a data:image/...;base64 URL.' })
  .optional();

/**
 * Route config of a form that takes an image: its multipart file parts are
 * read (every other route refuses file parts), and a text field may carry a
 * data-URL image (the app's default field limit is 64 KB).
 */
export const IMAGE_FORM_ROUTE = {
  acceptsFiles: true,
  multipartOptions: { limits: { fieldSize: DATA_URL_MAX_CHARS } },
};

const DATA_URL = /^data:image\/[\w.+-]+;base64,([A-Za-z0-9+/=\s]*)$/;

/** The uploaded bytes, or null when the field is absent or empty (keep what is there). */
export function imageBytesFrom(value: Buffer | string | undefined, field: string): Buffer | null {
  if (value === undefined) return null;
  if (Buffer.isBuffer(value)) {
    if (value.length > IMAGE_UPLOAD_MAX_BYTES) throw fieldError(field, IMAGE_TOO_LARGE_MESSAGE);
    return value.length > 0 ? value : null;
  }
  const text = value.trim();
  if (text === '') return null;
  const base64 = DATA_URL.exec(text)?.[1];
  if (base64 === undefined) throw fieldError(field, NOT_AN_IMAGE_INPUT);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw fieldError(field, IMAGE_TYPE_MESSAGE);
  if (bytes.length > IMAGE_UPLOAD_MAX_BYTES) throw fieldError(field, IMAGE_TOO_LARGE_MESSAGE);
  return bytes;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes multipart file parts (an image form); every other route refuses them unread. */
    acceptsFiles?: boolean;
    /** The field a body over the route's size limit is blamed on (a data-URL image in JSON). */
    oversizedBodyField?: string;
  }
}

function fieldNameOfPart(error: FastifyError): string | undefined {
  const part = (error as { part?: { fieldname?: unknown } }).part;
  return typeof part?.fieldname === 'string' ? part.fieldname : undefined;
}

/**
 * In this plugin's scope, an upload over the size limit is a 422 naming its
 * field, as a form shows it, not a bare 413. Everything else goes on to the
 * app's error handler unchanged.
 */
export function answerOversizedUploadsAsFieldErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldError(fieldNameOfPart(error) ?? 'file', IMAGE_TOO_LARGE_MESSAGE);
    }
    const blamed = request.routeOptions.config.oversizedBodyField;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && blamed) {
      throw fieldError(blamed, IMAGE_TOO_LARGE_MESSAGE);
    }
    throw error;
  });
}

/**
 * The field's image checked and re-encoded for its kind, or null when the
 * field is absent or empty; a 422 naming the field when it is not an image we take.
 */
export async function prepareImageField(
  value: Buffer | string | undefined,
  field: string,
  kind: ImageKind,
): Promise<Buffer | null> {
  const bytes = imageBytesFrom(value, field);
  if (!bytes) return null;
  try {
    return await prepareImage(bytes, kind);
  } catch (error) {
    if (error instanceof InvalidImageError) throw fieldError(field, error.message);
    throw error;
  }
}
