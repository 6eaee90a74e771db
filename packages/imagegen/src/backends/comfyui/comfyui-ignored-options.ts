import type { EngineOptionName, ResolvedRequest } from '../../types';
import { samplesWithoutGuidance, workflowPlaceholders, type Workflow } from './workflow-template';

/**
 * Options whose placeholder the workflow lacks never reach the sampler; a negative prompt also
 * does nothing when the samplers run without guidance (cfg ≤ 1).
 */
export function ignoredOptions(template: Workflow, filled: Workflow, request: ResolvedRequest) {
  const used = workflowPlaceholders(template);
  const ignored: EngineOptionName[] = [];
  const negativeUnused = !used.has('$negative_prompt') || samplesWithoutGuidance(filled);
  if (request.negativePrompt && negativeUnused) ignored.push('negative_prompt');
  if (!used.has('$seed')) ignored.push('seed');
  // An image-to-image graph takes its size from the source; the output's ratio is checked anyway.
  const sized = request.init || (used.has('$width') && used.has('$height'));
  if (!sized) ignored.push('aspect_ratio');
  if (!used.has('$steps')) ignored.push('quality');
  return ignored;
}
