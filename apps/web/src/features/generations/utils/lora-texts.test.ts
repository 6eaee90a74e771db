import { describe, expect, it } from 'vitest';
import { generation } from '@nocturne/contract/test/generation-row';
import { detailImage } from './history-entries';
import { generationLorasText, triggerWordsText } from './lora-texts';

describe('LoRA texts', () => {
  it('says what a LoRA adds to the prompt, and nothing without trigger words', () => {
    expect(triggerWordsText({ trigger_words: ['ink sketch', 'cross-hatching'] })).toBe(
      'Adds: ink sketch, cross-hatching',
    );
    expect(triggerWordsText({ trigger_words: [] })).toBeNull();
  });

  it('names a generation’s LoRAs at their weights in the detail view', () => {
    const loras = [
      { id: 'ink', name: 'Ink sketch', weight: 0.6 },
      { id: 'grain', name: 'Film grain', weight: -1 },
    ];
    expect(generationLorasText(loras)).toBe('Ink sketch 0.6, Film grain -1');
    expect(detailImage(generation(1, { loras }), 'SDXL').options).toMatchObject({
      model: 'SDXL',
      loras: 'Ink sketch 0.6, Film grain -1',
    });
    expect(detailImage(generation(2)).options).not.toHaveProperty('loras');
  });
});
