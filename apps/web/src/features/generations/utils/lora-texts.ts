import {
  LORAS_PER_GENERATION_MAX,
  type CatalogModelLora,
  type GenerationLora,
} from '@nocturne/contract/models/loras';

/** Said under the LoRA search once the most LoRAs are chosen. */
export const LORA_LIMIT_TEXT = `At most ${LORAS_PER_GENERATION_MAX} LoRAs per image.`;

/** What choosing a LoRA adds to the prompt, said beside it. */
export function triggerWordsText(lora: Pick<CatalogModelLora, 'trigger_words'>): string | null {
  return lora.trigger_words.length === 0 ? null : `Adds: ${lora.trigger_words.join(', ')}`;
}

/** A generation's LoRAs at their weights, as history and the detail view say them; null: none. */
export function generationLorasText(loras: readonly GenerationLora[] | undefined): string | null {
  if (!loras || loras.length === 0) return null;
  return loras.map((lora) => `${lora.name} ${lora.weight}`).join(', ');
}
