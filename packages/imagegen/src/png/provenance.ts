import { encodeChunk, isPng, readPngChunks } from './png-chunks';

/** C2PA's PNG chunk for its manifest store (JUMBF), as OpenAI's images carry. */
export const C2PA_CHUNK_TYPE = 'caBX';

/**
 * The C2PA manifest chunks of a PNG a remote backend sent, ready to be written into our re-encode
 * so the image's declared origin is not lost. They are copied byte for byte; since the file
 * around them changes, a C2PA validator still shows the manifest but reports that the image was
 * modified after signing (its hard binding no longer matches), which is what happened.
 */
export function provenanceChunks(original: Buffer): Buffer[] {
  if (!isPng(original)) return [];
  try {
    return readPngChunks(original)
      .filter((chunk) => chunk.type === C2PA_CHUNK_TYPE)
      .map((chunk) => encodeChunk(chunk.type, chunk.data));
  } catch {
    return []; // sharp decoded it, so the pixels are fine; a damaged chunk list carries nothing
  }
}
