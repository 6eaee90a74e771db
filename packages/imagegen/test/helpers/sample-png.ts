import sharp from 'sharp';

/** A small real PNG such as a GPU server would send back. */
export function samplePng(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}
