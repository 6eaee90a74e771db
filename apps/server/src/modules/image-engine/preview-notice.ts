import { PREVIEW_NOTICE } from '@nocturne/imagegen/config';
import type { ImageGeneratorDescription } from '@nocturne/imagegen/create-image-generator';

/** The one command that installs a real CPU model (docs/models.md). */
export const PREVIEW_PULL_COMMAND = 'npm run models -- pull sd-turbo';

/**
 * What GET /image-engine tells about the engine: the preview's notice names the command that
 * gets real images; a fallback's notice (the installed model failed to load) is kept as it is.
 */
export function engineNotice(description: ImageGeneratorDescription): string | null {
  if (!description.isPreview) return null;
  if (description.notice && description.notice !== PREVIEW_NOTICE) return description.notice;
  return `${PREVIEW_NOTICE}: run \`${PREVIEW_PULL_COMMAND}\` on the server`;
}
