import type { GenerationPreviewEvent } from '@nocturne/contract/generations/generation-events';
import type { ImageSlot, LivePreview } from '../types';

/**
 * Keeps the newest preview of its image while the image renders: none once its row completed or
 * failed (the result takes over), and none older than the one shown.
 */
export function applyImagePreview(
  slots: ImageSlot[],
  payload: GenerationPreviewEvent,
): ImageSlot[] {
  const slot = slots[payload.image_index];
  if (!slot || slot.status === 'completed' || slot.status === 'failed') return slots;
  if (slot.preview && payload.step <= slot.preview.step) return slots;
  const preview: LivePreview = {
    src: `data:image/webp;base64,${payload.image_webp_base64}`,
    step: payload.step,
    steps: payload.steps,
  };
  return slots.map((current) => (current.index === slot.index ? { ...current, preview } : current));
}

/** Whether any image of the submit has sent a live preview (models without them never do). */
export function hasLivePreview(images: readonly ImageSlot[]): boolean {
  return images.some((slot) => slot.preview !== null);
}
