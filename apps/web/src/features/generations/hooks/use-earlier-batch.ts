import { useState } from 'react';
import type { AspectRatio } from '@nocturne/contract/generations/generation-options';
import type { GenerationFlowState } from '../flow/generation-flow-state';
import type { FinishedImage } from '../types';

/** A finished batch kept in view while something is made from one of its images. */
export interface EarlierBatch {
  prompt: string;
  images: FinishedImage[];
  aspectRatio: AspectRatio;
}

/** Whether the person is back at the prompt: nothing derived is running or shown any more. */
function backAtInput(state: GenerationFlowState): boolean {
  return state.status === 'idle' || state.status === 'cancelled' || state.status === 'refused';
}

/**
 * The batch a Vary or Upscale started from: kept while that derived work runs and after it
 * finishes, so the new image appears beside the batch instead of replacing it; dropped once the
 * person is back at the prompt (Generate Again, Cancel, closing).
 */
export function useEarlierBatch(state: GenerationFlowState) {
  const [earlier, setEarlier] = useState<EarlierBatch | null>(null);
  if (earlier && backAtInput(state)) setEarlier(null);

  /** Called as a result's Vary or Upscale starts: a batch of several stays in view. */
  function keepBatch() {
    if (state.status !== 'completed' || state.images.length < 2) return;
    setEarlier({
      prompt: state.prompt,
      images: state.images,
      aspectRatio: state.options.aspect_ratio,
    });
  }

  return { earlier, keepBatch };
}
