import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_TYPE_MESSAGE, InvalidImageError, prepareImage } from '../../src/uploads/images.ts';
import { pngImage } from '../helpers/event-factories.ts';

describe('prepareImage', () => {
  it('takes JPEG, PNG, WebP, GIF and AVIF and always answers WebP', async () => {
    const png = await pngImage(64, 48);
    const inputs = await Promise.all([
      sharp(png).jpeg().toBuffer(),
      Promise.resolve(png),
      sharp(png).webp().toBuffer(),
      sharp(png).gif().toBuffer(),
      sharp(png).avif().toBuffer(),
    ]);
    for (const input of inputs) {
      const meta = await sharp(await prepareImage(input, 'banner')).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
    }
  });

  it('refuses other image types (TIFF, SVG) and non-images', async () => {
    const tiff = await sharp(await pngImage(10, 10))
      .tiff()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    for (const input of [tiff, svg, Buffer.from('GIF89a but not really'), Buffer.alloc(0)]) {
      await expect(prepareImage(input, 'banner')).rejects.toThrow(
        new InvalidImageError(IMAGE_TYPE_MESSAGE),
      );
    }
  });

  it('turns the picture upright by its EXIF orientation and drops the metadata', async () => {
    // 80x40 pixels stored, EXIF orientation 6: the camera was turned, the picture is 40x80 upright.
    const sideways = await sharp(await pngImage(80, 40))
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'camera owner' } } })
      .toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);

    const meta = await sharp(await prepareImage(sideways, 'banner')).metadata();

    expect(meta).toMatchObject({ format: 'webp', width: 40, height: 80 });
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('sizes each kind: banners within 1600x900 never enlarged, avatars 512 square, covers 1600x600', async () => {
    const wide = await pngImage(3200, 1000);
    expect(await sharp(await prepareImage(wide, 'banner')).metadata()).toMatchObject({
      width: 1600,
      height: 500,
    });
    const small = await pngImage(200, 100);
    expect(await sharp(await prepareImage(small, 'banner')).metadata()).toMatchObject({
      width: 200,
      height: 100,
    });
    expect(await sharp(await prepareImage(wide, 'profile_image')).metadata()).toMatchObject({
      width: 512,
      height: 512,
    });
    expect(await sharp(await prepareImage(small, 'cover_photo')).metadata()).toMatchObject({
      width: 1600,
      height: 600,
    });
  });
});
