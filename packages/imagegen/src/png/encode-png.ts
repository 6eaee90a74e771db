import sharp, { type OutputInfo } from 'sharp';
import { BadResponseError } from '../errors';
import type { BackendImage } from '../types';
import { SOFTWARE_NAME, XMP_PNG_KEYWORD, buildAiXmp } from './ai-marking';
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
 */
export async function encodePng(
  image: BackendImage,
  details: { model: string; backend: string },
): Promise<EncodedPng> {
  const input =
    image.kind === 'rgb'
      ? sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
      : sharp(image.data);
  let result: { data: Buffer; info: OutputInfo };
  try {
    result = await input.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new BadResponseError(
      `Backend returned an image that could not be decoded: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  const software = `${SOFTWARE_NAME} (${details.backend}: ${details.model})`;
  const xmp = buildAiXmp({ software: SOFTWARE_NAME, ...details });
  return {
    png: insertBeforeIdat(result.data, [
      internationalTextChunk(XMP_PNG_KEYWORD, xmp),
      textChunk('Software', software),
      ...(image.kind === 'encoded' ? provenanceChunks(image.data) : []),
    ]),
    width: result.info.width,
    height: result.info.height,
  };
}
