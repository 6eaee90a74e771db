import type ort from 'onnxruntime-node';

/** Prompts a loaded model remembers the encoding of. */
export const REMEMBERED_PROMPTS = 8;

/**
 * The text encoder's output for the last few prompts, by their token ids. The next image of a
 * prompt (the other images of a batch, Generate Again, a variation or an upscale of a fresh
 * result) then skips the text encoder, which is the same work for every image of a prompt. An
 * encoding still running is shared by the images that ask for it meanwhile; a failed one is
 * forgotten.
 */
export function createPromptEncodings(
  encode: (tokenIds: Int32Array) => Promise<ort.Tensor>,
  size = REMEMBERED_PROMPTS,
): (tokenIds: Int32Array) => Promise<ort.Tensor> {
  const remembered = new Map<string, Promise<ort.Tensor>>();
  return (tokenIds) => {
    const key = tokenIds.join(',');
    let encoding = remembered.get(key);
    if (encoding) {
      // Re-inserted below, at the end: the Map's order is then least recently used first.
      remembered.delete(key);
    } else {
      const started = encode(tokenIds);
      started.catch(() => {
        if (remembered.get(key) === started) remembered.delete(key);
      });
      encoding = started;
    }
    remembered.set(key, encoding);
    if (remembered.size > size) remembered.delete(remembered.keys().next().value as string);
    return encoding;
  };
}
