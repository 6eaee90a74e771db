import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CONTENT_PROMPT_MAX_LENGTH } from '@nocturne/contract/generations/create-generation';
import { serveGenerate } from '../../../../test/features/generations/generation-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';
import { setupGenerationModalTests } from '../../../../test/features/generations/generation-modal-fixtures';

setupGenerationModalTests();

/** What the prompt field says before a submit: its choices and its length (issue 44 items 1, 7). */
describe('generation modal: the prompt checked before submit', () => {
  async function typePrompt(text: string, props: Parameters<typeof renderGenerationModal>[0] = {}) {
    const view = renderGenerationModal(props);
    // The dialog places its first focus after it opens; the paste goes where focus then is.
    await act(() => vi.advanceTimersByTimeAsync(50));
    await view.user.click(screen.getByLabelText('Prompt'));
    await view.user.paste(text);
    return view;
  }

  it('shows a nested group under the prompt, counts no prompts and keeps Generate off', async () => {
    await typePrompt('a {red|{blue|green}} owl');
    expect(screen.getByLabelText('Prompt')).toHaveAccessibleDescription(
      /problem at character 8: a \{ opens inside another group/,
    );
    expect(screen.queryByTestId('prompt-choices')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it('shows an unclosed group', async () => {
    await typePrompt('a {red|blue owl');
    expect(screen.getByLabelText('Prompt')).toHaveAccessibleDescription(
      /problem at character 3: this \{ has no closing \}/,
    );
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it('keeps well-written choices and their count', async () => {
    await typePrompt('a {red|blue} owl');
    expect(screen.getByTestId('prompt-choices')).toHaveTextContent(
      /^1 distinct prompt for 1 image/,
    );
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('shows the count near the limit, keeps a longer prompt whole and says the limit', async () => {
    const view = await typePrompt('a'.repeat(950));
    expect(screen.getByTestId('character-count')).toHaveTextContent('950 / 1,000 characters');
    await view.user.paste('b'.repeat(74));
    const prompt = screen.getByLabelText('Prompt');
    expect(prompt).toHaveValue('a'.repeat(950) + 'b'.repeat(74));
    expect(prompt).toHaveAccessibleDescription(
      /The prompt can be at most 1,000 characters \(it has 1,024\)\./,
    );
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(CONTENT_PROMPT_MAX_LENGTH).toBe(1000);
  });

  it("returns to the prompt with the server's PROMPT_CHOICES_INVALID message", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message =
      'The choices in your prompt have a problem at character 3: this { has no closing }.';
    const calls = serveGenerate(() =>
      HttpResponse.json({ error: 'PROMPT_CHOICES_INVALID', message }, { status: 422 }),
    );
    const view = await typePrompt('an owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    const prompt = await screen.findByLabelText('Prompt');
    await waitFor(() => expect(prompt).toHaveAccessibleDescription(message));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(calls).toHaveLength(1);
  });

  it('counts the negative prompt near its limit and says the limit past it', async () => {
    const view = renderGenerationModal({ optionsOpen: true });
    await act(() => vi.advanceTimersByTimeAsync(50));
    const field = screen.getByLabelText('Keep out of the image');
    await view.user.click(field);
    await view.user.paste('x'.repeat(1001));
    expect(field).toHaveValue('x'.repeat(1001));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(
        'The negative prompt can be at most 1,000 characters (it has 1,001).',
      ),
    );
    expect(screen.getByTestId('character-count')).toHaveTextContent('1,001 / 1,000 characters');
  });

  it('shows no count far from the limit', async () => {
    await typePrompt('an owl');
    expect(screen.queryByTestId('character-count')).not.toBeInTheDocument();
  });
});
