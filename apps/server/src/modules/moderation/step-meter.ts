/**
 * Counts the policy's unit steps (a character folded, a token looked up). Tests read it to prove
 * the check is linear in the prompt without timing anything.
 */
export interface StepMeter {
  step(count?: number): void;
  readonly steps: number;
}

export function createStepMeter(): StepMeter {
  let steps = 0;
  return {
    step(count = 1) {
      steps += count;
    },
    get steps() {
      return steps;
    },
  };
}
