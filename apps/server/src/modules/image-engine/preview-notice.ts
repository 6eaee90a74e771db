import { PREVIEW_NOTICE } from '@nocturne/imagegen/config';
import { realModelAdvice } from '@nocturne/imagegen/models/real-model-advice';
import type { ServedEngine } from '../models/served-engines';

/** The one command that installs the default real CPU model (docs/models.md). */
export const PREVIEW_PULL_COMMAND = 'npm run models -- pull sd-turbo';

/**
 * What the start-up log says on the preview: the model any paid service may run first, then
 * SD-Turbo, each with its licence and conditions (`realModelAdvice`).
 */
export function previewWarning(modelId: string): string {
  return `Model "${modelId}" makes abstract previews, not real images: ${realModelAdvice()} (docs/models.md)`;
}

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
