import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { generation } from '../../../../test/features/generations/generation-fixtures';
import {
  findRows,
  renderHistory,
  serveHistory,
  setupGenerationHistoryTests,
} from '../../../../test/features/generations/generation-history-fixtures';

setupGenerationHistoryTests();

describe('generation history: LoRAs', () => {
  it('shows the LoRAs an entry was made with, in the row and the detail view', async () => {
    serveHistory([
      generation(10, {
        content_prompt: 'a harbour',
        expanded_prompt: 'a harbour, ink sketch',
        loras: [{ id: 'ink', name: 'Ink sketch', weight: 0.6 }],
      }),
      generation(20, { content_prompt: 'a plain fox' }),
    ]);
    const { user } = renderHistory();
    const [inked, fox] = await findRows();
    expect(within(inked!).getByTestId('generation-loras')).toHaveTextContent(
      'LoRAs: Ink sketch 0.6',
    );
    expect(within(fox!).queryByTestId('generation-loras')).toBeNull();
    await user.click(within(inked!).getByRole('button', { name: /^Open image/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('LoRAsInk sketch 0.6');
  });
});
