import {
  INFERENCE_INCREMENT_FACTOR,
  PROGRESS_PHASES,
  SIMULATED_PROGRESS_CAP,
  SIMULATED_PROGRESS_MAX_INCREMENT,
  SIMULATED_PROGRESS_MIN_INCREMENT,
} from '../constants';

export type ProgressPhase = keyof typeof PROGRESS_PHASES;

const PHASE_MESSAGES: Record<ProgressPhase, string> = {
  AGGREGATION: 'Preparing your prompt...',
  QUEUING: 'Waiting for an available generator...',
  INFERENCE: 'AI is generating your image...',
  FINALIZATION: 'Adding the finishing touches...',
};

export function getProgressPhase(progress: number): ProgressPhase {
  if (progress < PROGRESS_PHASES.AGGREGATION.to) return 'AGGREGATION';
  if (progress < PROGRESS_PHASES.QUEUING.to) return 'QUEUING';
  if (progress < PROGRESS_PHASES.INFERENCE.to) return 'INFERENCE';
  return 'FINALIZATION';
}

export function getPhaseMessage(phase: ProgressPhase): string {
  return PHASE_MESSAGES[phase];
}

/**
 * One tick of the spec §4 simulation: a random increment of 2-8 (during inference 60% of it, at
 * least 2), never past the cap of 90. `random` returns [0, 1) and is injectable for tests.
 */
export function nextSimulatedProgress(progress: number, random: () => number = Math.random) {
  const span = SIMULATED_PROGRESS_MAX_INCREMENT - SIMULATED_PROGRESS_MIN_INCREMENT;
  let increment = SIMULATED_PROGRESS_MIN_INCREMENT + random() * span;
  if (getProgressPhase(progress) === 'INFERENCE') {
    increment = Math.max(SIMULATED_PROGRESS_MIN_INCREMENT, increment * INFERENCE_INCREMENT_FACTOR);
  }
  const next = Math.min(SIMULATED_PROGRESS_CAP, progress + increment);
  const phase = getProgressPhase(next);
  return { progress: next, phase, message: getPhaseMessage(phase) };
}
