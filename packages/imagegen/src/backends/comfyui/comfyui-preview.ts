/** server.py BinaryEventTypes.PREVIEW_IMAGE; the image type that follows: 1 JPEG, 2 PNG. */
const PREVIEW_IMAGE = 1;
const IMAGE_TYPES = new Set([1, 2]);

/**
 * The image in one of ComfyUI's binary websocket frames: a big-endian uint32 event type, for a
 * preview another uint32 saying JPEG or PNG, then the encoded image (server.py `send_image`,
 * sent while a sampler runs when ComfyUI starts with `--preview-method`). Anything else is not a
 * preview: undefined.
 */
export function previewImageBytes(frame: Buffer): Buffer | undefined {
  if (frame.length <= 8) return undefined;
  if (frame.readUInt32BE(0) !== PREVIEW_IMAGE) return undefined;
  if (!IMAGE_TYPES.has(frame.readUInt32BE(4))) return undefined;
  return frame.subarray(8);
}
