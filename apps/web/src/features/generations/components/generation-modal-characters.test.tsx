import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';
import { setupGenerationModalTests } from '../../../../test/features/generations/generation-modal-fixtures';
import {
  character,
  serveCharacters,
  serveWildcards,
  wildcard,
} from '../../../../test/features/characters/character-fixtures';

setupGenerationModalTests();

/** The prompt's `@` completion and the count of distinct prompts with wildcards (issue 46). */
// Typing a prompt key by key is slow on a busy machine.
describe('generation modal: characters and wildcards in the prompt', { timeout: 20_000 }, () => {
  async function openModal(props: Parameters<typeof renderGenerationModal>[0] = {}) {
    serveCharacters([
      character('c-1', 'mira', 'a woman with silver hair'),
      character('c-2', 'milo', 'a boy in a yellow coat'),
      character('c-3', 'tom', 'an old fisherman'),
    ]);
    serveWildcards(
      [wildcard('place', ['a forest', 'a beach', 'a city', 'a desert'])],
      [wildcard('place', ['a shared place']), wildcard('weather', ['rain', 'snow'])],
    );
    const view = renderGenerationModal(props);
    await act(() => vi.advanceTimersByTimeAsync(50));
    const prompt = screen.getByLabelText('Prompt');
    await view.user.click(prompt);
    return { ...view, prompt };
  }

  it('lists the characters an @ starts, and completes the one chosen with the arrows and Enter', async () => {
    const { user, prompt } = await openModal();
    await user.type(prompt, 'portrait of @mi');
    const listbox = await screen.findByRole('listbox', { name: 'Characters' });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '@miraa woman with silver hair',
      '@miloa boy in a yellow coat',
    ]);
    expect(prompt).toHaveAttribute('aria-autocomplete', 'list');
    expect(prompt).toHaveAttribute('aria-controls', listbox.id);
    expect(prompt).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}');
    expect(prompt).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{ArrowDown}');
    expect(prompt).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(prompt).toHaveValue('portrait of @milo ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(prompt).toHaveFocus();
    await user.type(prompt, 'smiling');
    expect(prompt).toHaveValue('portrait of @milo smiling');
  });

  it('completes on a click, and Escape closes the list but not the window', async () => {
    const { user, prompt, onClose } = await openModal();
    await user.type(prompt, '@t');
    await user.click(await screen.findByRole('option', { name: /@tom/ }));
    expect(prompt).toHaveValue('@tom ');
    await user.type(prompt, 'and @m');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Enter with the list closed is a new line again.
    await user.keyboard('{Enter}');
    expect(prompt).toHaveValue('@tom and @m\n');
  });

  it('leaves an address alone', async () => {
    const { user, prompt } = await openModal();
    await user.type(prompt, 'mail me@mi');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('counts the distinct prompts of a wildcard batch, and shows them with a seed', async () => {
    const { user, prompt } = await openModal({ optionsOpen: true });
    await user.click(screen.getByRole('radio', { name: '4' }));
    await user.type(prompt, '@mira in __place__');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-choices')).toHaveTextContent(
        /^4 distinct prompts for 4 images \(set a seed to see which\)\.$/,
      ),
    );
    // With a seed, the prompts themselves: the person's own list of a shared name is used.
    await user.type(screen.getByLabelText('Seed'), '8');
    const items = await screen.findAllByRole('listitem');
    expect(
      items
        .filter((item) => item.closest('[data-testid="prompt-choices"]'))
        .map((item) => item.textContent),
    ).toEqual(
      ['a forest', 'a beach', 'a city', 'a desert'].map(
        (place) => `a woman with silver hair in ${place}`,
      ),
    );
    await user.clear(prompt);
    await user.click(prompt);
    await user.paste('__place__ in __weather__, {day|night}');
    await waitFor(() =>
      expect(screen.getByTestId('prompt-choices')).toHaveTextContent(
        /^4 distinct prompts for 4 images\. Write \\\{ for a literal brace\.a forest in rain, night/,
      ),
    );
  });
});
