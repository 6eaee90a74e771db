import { PREVIEW_NOTICE } from '@nocturne/imagegen/config';
import type { ServedEngine } from '../models/served-engines';

/** The one command that installs a real CPU model (docs/models.md). */
export const PREVIEW_PULL_COMMAND = 'npm run models -- pull sd-turbo';

/**
 * What GET /image-engine tells people about the engine (the app shows it as-is): the preview's
 * notice, or a fallback's (the installed model failed to load).
 */
export function engineNotice(engine: Pick<ServedEngine, 'isPreview' | 'notice'>): string | null {
  if (!engine.isPreview) return null;
  return engine.notice ?? PREVIEW_NOTICE;
}

/** What GET /image-engine tells the operator to run on the server for real images. */
export function engineSetupCommand(engine: Pick<ServedEngine, 'isPreview'>): string | null {
  return engine.isPreview ? PREVIEW_PULL_COMMAND : null;
}
