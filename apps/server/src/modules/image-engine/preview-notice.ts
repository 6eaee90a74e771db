import { PREVIEW_NOTICE } from '@nocturne/imagegen/config';

/** The one command that installs the default real CPU model (docs/models.md). */
export const PREVIEW_PULL_COMMAND = 'npm run models -- pull sd-turbo';

/**
 * What GET /image-engine tells people about the engine (the app shows it as-is): the preview's
 * notice, or a fallback's (the installed model failed to load).
 */
export function engineNotice(engine: { isPreview: boolean; notice: string | null }): string | null {
  if (!engine.isPreview) return null;
  return engine.notice ?? PREVIEW_NOTICE;
}

/** What GET /image-engine tells the operator to run on the server for real images. */
export function engineSetupCommand(engine: { isPreview: boolean }): string | null {
  return engine.isPreview ? PREVIEW_PULL_COMMAND : null;
}
