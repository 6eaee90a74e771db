import { useMutation } from '@tanstack/react-query';
import { deriveGeneration } from './derive-generation';

/**
 * `POST /api/v1/generations/{id}/inpaint` as the mask editor sends it: its answer (a request id)
 * or its refusal stays with the editor, so a refused mask is still there to change.
 */
export function useInpaintGeneration() {
  return useMutation({
    mutationFn: deriveGeneration,
    // Sent whatever the browser thinks of the network, as the generation modal's submits are.
    networkMode: 'always',
  });
}
