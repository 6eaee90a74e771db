import type { ResolvedRequest } from '../types';

/**
 * The smallest image the pipeline makes (one 8×8 latent, one step): enough to run every session
 * once, which is what proving a model and warming it up need.
 */
export const TINY_REQUEST: ResolvedRequest = {
  prompt: 'a lighthouse at dusk',
  negativePrompt: '',
  width: 64,
  height: 64,
  seed: 1,
  steps: 1,
  aspectRatio: '1:1',
  quality: 'fast',
};
