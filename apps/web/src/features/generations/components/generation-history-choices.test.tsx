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

describe('generation history: prompt choices', () => {
  it('shows the prompt each image of a batch got', async () => {
    const prompt = 'a {red|blue} owl';
    serveHistory([
      ...['a red owl', 'a blue owl'].map((expanded, index) =>
        generation(10 + index, {
          request_id: 'req-owls',
          content_prompt: prompt,
          expanded_prompt: expanded,
          image_index: index,
          image_count: 2,
        }),
      ),
      generation(20, { content_prompt: 'a plain fox' }),
    ]);
    const { user } = renderHistory();
    const [owls, fox] = await findRows();
    const list = within(owls!).getByRole('list', { name: 'Prompt of each image' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Image 1: a red owl', 'Image 2: a blue owl']);
    expect(owls).toHaveTextContent(prompt);
    expect(
      within(owls!).getByRole('button', { name: 'Open image 1 of 2: a red owl' }),
    ).toBeVisible();
    expect(within(fox!).queryByRole('list', { name: 'Prompt of each image' })).toBeNull();

    // The detail view names the prompt the opened image got.
    await user.click(within(owls!).getByRole('button', { name: 'Open image 2 of 2: a blue owl' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'a blue owl' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('a blue owl');
  });
});
