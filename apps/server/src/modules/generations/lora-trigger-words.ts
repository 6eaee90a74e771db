import type { ChosenLora } from '../models/model-loras';
import { assertExpansionsFit, type PromptPlan } from './batch-prompts';

/**
 * The trigger words of the chosen LoRAs that a prompt does not hold yet (compared without case),
 * each once, in the LoRAs' order.
 */
function missingTriggerWords(prompt: string, loras: readonly ChosenLora[]): string[] {
  const lower = prompt.toLowerCase();
  const words = new Map<string, string>();
  for (const word of loras.flatMap((lora) => lora.triggerWords)) {
    const key = word.toLowerCase();
    if (!lower.includes(key) && !words.has(key)) words.set(key, word);
  }
  return [...words.values()];
}

/**
 * A new prompt's plan with its LoRAs' trigger words added to each image's prompt, so that the
 * screened text, the stored prompt and the engine's text are one (decision 076): the words are
 * part of what the person asks for. Without LoRAs, or with every word already written, the plan
 * is unchanged (an image without choices keeps `content_prompt`). A prompt the words take past the
 * engine's limit is refused, like an expansion that does.
 */
export function withTriggerWords(
  plan: PromptPlan,
  contentPrompt: string,
  loras: readonly ChosenLora[],
): PromptPlan {
  if (loras.length === 0) return plan;
  const prompts = plan.prompts.map((expanded) => {
    const prompt = expanded ?? contentPrompt;
    const words = missingTriggerWords(prompt, loras);
    return words.length === 0 ? expanded : `${prompt}, ${words.join(', ')}`;
  });
  assertExpansionsFit(prompts, 'its LoRAs’ trigger words are');
  return { ...plan, prompts };
}
