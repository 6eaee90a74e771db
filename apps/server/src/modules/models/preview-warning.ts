import { realModelAdvice } from '@nocturne/imagegen/models/real-model-advice';

/**
 * What the start-up log says on the preview: the model any paid service may run first, then
 * SD-Turbo, each with its licence and conditions (`realModelAdvice`).
 */
export function previewWarning(modelId: string): string {
  return `Model "${modelId}" makes abstract previews, not real images: ${realModelAdvice()} (docs/models.md)`;
}
