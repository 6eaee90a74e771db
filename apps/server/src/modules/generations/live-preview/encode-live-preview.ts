import { LIVE_PREVIEW_MAX_SIDE } from '@nocturne/contract/generations/generation-events';
import type { GenerationPreview } from '@nocturne/imagegen/types';
import sharp from 'sharp';

/**
 * Most base64 characters a preview may take: with the event's envelope it stays under
 * PostgreSQL's 8000-byte NOTIFY payload, so the fan-out never writes a preview to its attachment
 * table (realtime-fan-out-config.ts).
 */
export const LIVE_PREVIEW_MAX_BASE64 = 6000;

/** Tried in order until one fits: the long side in pixels and the WebP quality. */
const ATTEMPTS = [
  { side: LIVE_PREVIEW_MAX_SIDE, quality: 50 },
  { side: 192, quality: 40 },
  { side: 128, quality: 35 },
] as const;

/**
 * The forming image as a small WebP in base64 (at most 256 px on its long side, never enlarged),
 * or undefined when even the smallest attempt does not fit the budget (the preview is dropped).
 */
export async function encodeLivePreview(
  preview: GenerationPreview,
  maxBase64 = LIVE_PREVIEW_MAX_BASE64,
): Promise<string | undefined> {
  const { data, width, height } = preview.image;
  for (const { side, quality } of ATTEMPTS) {
    const webp = await sharp(data, { raw: { width, height, channels: 3 } })
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality, effort: 2 })
      .toBuffer();
    const base64 = webp.toString('base64');
    if (base64.length <= maxBase64) return base64;
  }
  return undefined;
}
