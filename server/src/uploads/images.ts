import sharp, { type ResizeOptions } from 'sharp';

/**
 * Every uploaded image is decoded and re-encoded here: the type is judged by
 * the content (never by the name or the declared type), EXIF orientation is
 * applied, metadata (GPS, camera) is dropped, and what is stored is a WebP we
 * wrote ourselves at a bounded size.
 */

export type ImageKind = 'banner' | 'profile_image' | 'cover_photo';

interface ImageRule {
  /** Folder under uploads/ and in the URL path. */
  folder: string;
  resize: ResizeOptions;
}

export const IMAGE_RULES: Record<ImageKind, ImageRule> = {
  banner: {
    folder: 'banners',
    resize: { width: 1600, height: 900, fit: 'inside', withoutEnlargement: true },
  },
  profile_image: { folder: 'profile-images', resize: { width: 512, height: 512, fit: 'cover' } },
  cover_photo: { folder: 'cover-photos', resize: { width: 1600, height: 600, fit: 'cover' } },
};

/** Formats as sharp's metadata names them; AVIF reports as heif. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/** A decompression bomb must not take the server's memory: ~60 megapixels covers phone cameras. */
const MAX_INPUT_PIXELS = 60_000_000;

export const IMAGE_TYPE_MESSAGE = 'The file must be a JPEG, PNG, WebP, GIF or AVIF image.';
export const IMAGE_TOO_LARGE_PIXELS_MESSAGE = 'The image is too large (at most 60 megapixels).';

/** The upload is not an image we take; the message is safe to show under the field. */
export class InvalidImageError extends Error {
  override name = 'InvalidImageError';
}

const WEBP_QUALITY = 82;

/** The upload re-encoded as WebP for its kind, or InvalidImageError. */
export async function prepareImage(input: Buffer, kind: ImageKind): Promise<Buffer> {
  const options = {
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'warning',
    autoOrient: true,
  } as const;
  let format: string | undefined;
  try {
    format = (await sharp(input, options).metadata()).format;
  } catch {
    throw new InvalidImageError(IMAGE_TYPE_MESSAGE);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new InvalidImageError(IMAGE_TYPE_MESSAGE);
  try {
    return await sharp(input, options)
      .resize(IMAGE_RULES[kind].resize)
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    // A header that parses but pixels that do not (truncated, corrupt) is still not an image.
    const message =
      error instanceof Error && /pixel limit/i.test(error.message)
        ? IMAGE_TOO_LARGE_PIXELS_MESSAGE
        : IMAGE_TYPE_MESSAGE;
    throw new InvalidImageError(message);
  }
}
