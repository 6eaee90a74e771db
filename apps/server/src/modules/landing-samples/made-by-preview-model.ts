import { PREVIEW_MODEL } from '@nocturne/imagegen/models/catalog';
import { isPng, readTextChunks } from '@nocturne/imagegen/png/png-chunks';

/**
 * Whether a stored PNG was rendered by the built-in preview model (or its fp16 build): the image
 * engine marks every image's `Software` text as `Nocturne (<backend>: <model>)`, and that mark
 * travels with the copy a favorite keeps, after its generation is gone.
 */
export function madeByPreviewModel(png: Buffer): boolean {
  if (!isPng(png)) return false;
  const software = readTextChunks(png).Software ?? '';
  const model = /\([^:()]+: ([^()]+)\)$/.exec(software)?.[1];
  return model === PREVIEW_MODEL || model === `${PREVIEW_MODEL}-fp16`;
}
