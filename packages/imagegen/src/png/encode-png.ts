import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { BadResponseError } from '../errors';
import type { BackendImage } from '../types';
import { SOFTWARE_NAME, XMP_PNG_KEYWORD, buildAiXmp } from './ai-marking';
import { imageChunksOnly } from './image-chunks-only';
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
 * A remote PNG keeps its pixel data as sent (decision 030): its chunks are filtered (metadata
 * dropped) and the result is decoded once with sharp to prove it whole, rather than re-encoded,
 * which would cost several times the decode on every image.
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
  if (passedThrough) {
    // Decoded once, only to prove it whole: a broken chunk or pixel stream fails here, not in a
    // browser. The pixels themselves are not kept.
    const { info } = await decodeOrThrow(sharp(passedThrough).raw());
    return { png: passedThrough, width: info.width, height: info.height };
  }
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
