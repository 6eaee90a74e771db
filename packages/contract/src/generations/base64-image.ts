const DATA_IMAGE_PREFIX = 'data:image/';
/** Bare base64: non-empty, up to two padding characters. */
export const BASE64_BODY = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Spec §5: a base64 image either starts with the data-image prefix, or is non-empty base64
 * characters with up to two padding characters.
 */
export function isBase64Image(value: string): boolean {
  if (value.startsWith(DATA_IMAGE_PREFIX)) return true;
  return value.length > 0 && BASE64_BODY.test(value);
}
