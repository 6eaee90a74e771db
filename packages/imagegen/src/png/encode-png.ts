import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { BadResponseError } from '../errors';
import type { BackendImage } from '../types';
import { SOFTWARE_NAME, XMP_PNG_KEYWORD, buildAiXmp } from './ai-marking';
import { imageChunksOnly } from './image-chunks-only';
import { proveWholePng } from './prove-whole-png';
import { provenanceChunks } from './provenance';
import { insertBeforeIdat, internationalTextChunk, textChunk } from './png-chunks';

export interface EncodedPng {
  png: Buffer;
  width: number;
  height: number;
}

/**
 * Every image leaves as a PNG carrying the AI-generated XMP marking and a `Software` text chunk,
 * whether we rendered the pixels or a remote backend sent us (possibly re-encoded) bytes. The XMP
 * goes in an uncompressed `iTXt` chunk written here rather than by libvips, which writes a
 * compressed `zTXt` that strict readers and byte scanners miss. Provenance the remote image
 * carried (a C2PA manifest) is copied over.
 *
 * A remote PNG keeps its pixel data as sent: its chunks are filtered (metadata dropped) and the
 * result is proven whole (CRCs, and its pixel data inflating to exactly what IHDR announces,
 * prove-whole-png.ts). Re-encoding it cost about 20 ms of CPU per 512×512 image, two thirds of a
 * worker's time per job with a fast backend (apps/server/bench/results/pipeline.md); decoding it with sharp
 * a fifth of that, inflating it a twentieth.
 */
export async function encodePng(
  image: BackendImage,
  details: { model: string; backend: string },
): Promise<EncodedPng> {
  const software = `${SOFTWARE_NAME} (${details.backend}: ${details.model})`;
  const marking = [
    internationalTextChunk(XMP_PNG_KEYWORD, buildAiXmp({ software: SOFTWARE_NAME, ...details })),
    textChunk('Software', software),
    ...(image.kind === 'encoded' ? provenanceChunks(image.data) : []),
  ];
  const passedThrough = image.kind === 'encoded' ? imageChunksOnly(image.data, marking) : undefined;
  if (passedThrough) return { png: passedThrough, ...proveWholeOrThrow(passedThrough) };
  const input =
    image.kind === 'rgb'
      ? sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
      : sharp(image.data);
  const result = await decodeOrThrow(input.png({ compressionLevel: 6 }));
  return {
    png: insertBeforeIdat(result.data, marking),
    width: result.info.width,
    height: result.info.height,
  };
}

function proveWholeOrThrow(png: Buffer): { width: number; height: number } {
  try {
    return proveWholePng(png);
  } catch (error) {
    throw new BadResponseError(
      `Backend returned an image that could not be decoded: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

async function decodeOrThrow(pipeline: Sharp): Promise<{ data: Buffer; info: OutputInfo }> {
  try {
    return await pipeline.toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new BadResponseError(
      `Backend returned an image that could not be decoded: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
