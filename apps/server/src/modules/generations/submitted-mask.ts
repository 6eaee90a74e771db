import { INPAINT_MASK_BASE64_MAX } from '@nocturne/contract/generations/derive-generation';
import { MAX_SIDE } from '@nocturne/imagegen/aspect-ratio';
import { InpaintMaskInvalidError, isImageGenError } from '@nocturne/imagegen/errors';
import { readInpaintMask } from '@nocturne/imagegen/inpaint/read-inpaint-mask';
import { readPngSize } from '@nocturne/imagegen/png/png-size';
import { AppError } from '../../lib/app-error';

/** What the web app's canvas sends (`toDataURL('image/png')`); plain base64 is taken as well. */
const DATA_URL_PREFIX = 'data:image/png;base64,';

/**
 * A mask's largest side: it is scaled to its source, whose sides are at most MAX_SIDE, so a larger
 * one adds nothing but the time and memory the API process spends decoding it before the submit.
 */
export const MASK_MAX_SIDE = MAX_SIDE;

/**
 * The body of POST /generations/{id}/inpaint: the largest mask the contract takes and room for
 * the prompt beside it (the app's own body limit is smaller).
 */
export const INPAINT_BODY_LIMIT_BYTES = INPAINT_MASK_BASE64_MAX + 64 * 1024;

function maskInvalid(reason: string, cause?: unknown): AppError {
  return new AppError('MASK_INVALID', { details: { reason }, cause });
}

/**
 * The bytes of a base64 mask, strictly: characters outside the alphabet or a wrong padding are
 * refused rather than skipped (Node's decoder skips them, which would read another image).
 */
function decodeBase64(text: string): Buffer {
  const base64 = text.startsWith(DATA_URL_PREFIX) ? text.slice(DATA_URL_PREFIX.length) : text;
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0 || bytes.toString('base64') !== base64) throw maskInvalid('not_base64');
  return bytes;
}

/** The mask's own size from its header, refused when it is not a PNG or too large to decode. */
function maskSize(png: Buffer): { width: number; height: number } {
  let size: { width: number; height: number };
  try {
    size = readPngSize(png);
  } catch (error) {
    throw maskInvalid('undecodable', error);
  }
  if (Math.max(size.width, size.height) > MASK_MAX_SIDE) throw maskInvalid('too_large');
  return size;
}

/**
 * The PNG of a submitted inpaint mask, once it is known to be usable on a source of `size`:
 * base64 (with or without the data URL prefix) of a PNG at most MASK_MAX_SIDE a side that marks
 * something white once scaled to the source (readInpaintMask). Anything else is 422 MASK_INVALID,
 * before any charge. Without the source's size (its file could not be read here; the worker then
 * fails and refunds the job), the mask is read at its own size.
 */
export async function readSubmittedMask(
  mask: string,
  size: { width: number; height: number } | undefined,
): Promise<Buffer> {
  const png = decodeBase64(mask);
  const own = maskSize(png);
  const { width, height } = size ?? own;
  try {
    await readInpaintMask(png, width, height);
  } catch (error) {
    if (error instanceof InpaintMaskInvalidError) throw maskInvalid(error.reason, error);
    if (isImageGenError(error) && error.kind === 'invalid_request') {
      throw maskInvalid('undecodable', error);
    }
    throw error;
  }
  return png;
}
