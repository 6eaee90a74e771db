import sharp from 'sharp';

/**
 * A smaller copy of a stored image for lists: `width` wide at the image's own aspect ratio
 * (never enlarged), as WebP, the image's XMP (its AI-generated marking) kept.
 */
export async function resizeImage(image: Buffer, width: number): Promise<Buffer> {
  return sharp(image)
    .resize({ width, withoutEnlargement: true })
    .keepXmp()
    .webp({ quality: 80 })
    .toBuffer();
}
