import { hasSufficientCredits } from '@nocturne/contract/credits/credit-status';
import type { ModelChoice } from '../hooks/use-model-choice';
import { submitCost } from './model-choice';

/** The person's credit state as the input step weighs a submit. */
export interface SubmitCredits {
  /** From the credit state: premium or a balance above 0. */
  canGenerate: boolean;
  isPremium: boolean;
  balance: number;
  /** The credit state is not known yet: neither the cost nor a refusal can be stated. */
  creditsLoading: boolean;
}

export interface SubmitAllowance {
  /** Credits this submit costs (the model's price × images; 0 for premium). */
  cost: number;
  /** The balance is known and below the cost. */
  insufficient: boolean;
  /** Credits and the model allow a submit (the prompt is the form's to check). */
  allowed: boolean;
}

/** What a submit of `imageCount` images costs with the chosen model, and whether it may go. */
export function submitAllowance(
  modelChoice: Pick<ModelChoice, 'model' | 'loading' | 'block'>,
  imageCount: number,
  { canGenerate, isPremium, balance, creditsLoading }: SubmitCredits,
): SubmitAllowance {
  // The cost follows the model; a model that costs nothing needs no credits at all.
  const cost = submitCost(modelChoice.model, imageCount, isPremium);
  const enough = hasSufficientCredits({ balance, isPremium }, cost);
  const allowed =
    (canGenerate || cost === 0) &&
    (creditsLoading || enough) &&
    !modelChoice.loading &&
    modelChoice.block === null;
  return { cost, insufficient: !creditsLoading && !enough, allowed };
}
