import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { serveGenerate } from '../../../../test/features/generations/generation-fixtures';
import { renderGenerationModal } from '../../../../test/features/generations/render-generation-modal';
import { setupGenerationModalTests } from '../../../../test/features/generations/generation-modal-fixtures';

setupGenerationModalTests();

function optionsToggle() {
  return screen.getByRole('button', { name: /^Options/ });
}

describe('generation modal: options panel', () => {
  it('is collapsed by default, after the unchanged 5-row prompt and its helper text', () => {
    renderGenerationModal();
    const prompt = screen.getByLabelText('Prompt');
    expect(prompt).toHaveAttribute('rows', '5');
    expect(screen.getByText('Be specific and descriptive for the best results')).toBeVisible();
    expect(optionsToggle()).toHaveAttribute('aria-expanded', 'false');
    expect(prompt.compareDocumentPosition(optionsToggle())).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(screen.queryByLabelText('Keep out of the image')).not.toBeVisible();
    expect(optionsToggle()).toHaveTextContent('1:1 · 1 image · Balanced · No style · random seed');
  });

  it('starts open when the person left it open, and reports each toggle to be remembered', async () => {
    const onOptionsOpenChange = vi.fn();
    const view = renderGenerationModal({ optionsOpen: true, onOptionsOpenChange });
    expect(optionsToggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Keep out of the image')).toBeVisible();
    await view.user.click(optionsToggle());
    expect(optionsToggle()).toHaveAttribute('aria-expanded', 'false');
    expect(onOptionsOpenChange).toHaveBeenLastCalledWith(false);
  });

  it('starts from the person’s generation defaults', () => {
    renderGenerationModal({
      optionsOpen: true,
      defaults: { aspect_ratio: '9:16', image_count: 3, quality: 'fast', style: 'anime' },
    });
    expect(screen.getByRole('radio', { name: '9:16' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '3' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Fast' })).toBeChecked();
    expect(screen.getByLabelText('Style')).toHaveValue('anime');
    expect(screen.getByTestId('generation-cost')).toHaveTextContent(/^3 credits$/);
  });

  it('updates the cost line with the image count', async () => {
    const view = renderGenerationModal({ optionsOpen: true });
    const cost = screen.getByTestId('generation-cost');
    expect(cost.parentElement).toHaveTextContent(/^Cost: 1 credit$/);
    for (const count of [2, 3, 4]) {
      await view.user.click(screen.getByRole('radio', { name: String(count) }));
      expect(cost.parentElement).toHaveTextContent(`Cost: ${count} credits`);
    }
  });

  it("stays 'FREE' for premium at any count", async () => {
    const view = renderGenerationModal({ optionsOpen: true, isPremium: true, balance: 0 });
    await view.user.click(screen.getByRole('radio', { name: '4' }));
    expect(screen.getByTestId('generation-cost')).toHaveTextContent(/^FREE$/);
  });

  it('keeps Generate disabled when the balance does not cover the images', async () => {
    const view = renderGenerationModal({ optionsOpen: true, balance: 2 });
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('radio', { name: '3' }));
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await view.user.click(screen.getByRole('radio', { name: '2' }));
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('moves between choices with the arrow keys (native radio groups)', async () => {
    const view = renderGenerationModal({ optionsOpen: true });
    const group = screen.getByRole('group', { name: 'Quality' });
    await view.user.click(within(group).getByRole('radio', { name: 'Balanced' }));
    await view.user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'Best' })).toBeChecked();
  });

  it('sends every option with POST /generate', async () => {
    const calls = serveGenerate();
    const view = renderGenerationModal({ optionsOpen: true });
    await view.user.type(screen.getByLabelText('Prompt'), 'a moonlit owl');
    await view.user.click(screen.getByRole('radio', { name: '16:9' }));
    await view.user.click(screen.getByRole('radio', { name: '2' }));
    await view.user.click(screen.getByRole('radio', { name: 'Best' }));
    await view.user.selectOptions(screen.getByLabelText('Style'), 'Neon noir');
    await view.user.type(screen.getByLabelText('Keep out of the image'), ' blurry ');
    await view.user.type(screen.getByLabelText('Seed'), '42');
    expect(screen.getByLabelText('Random')).not.toBeChecked();
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      source_prompt: '',
      content_prompt: 'a moonlit owl',
      negative_prompt: 'blurry',
      aspect_ratio: '16:9',
      image_count: 2,
      quality: 'best',
      style: 'neon_noir',
      seed: 42,
      model: 'sd-turbo',
    });
  });

  it("leaves the seed out when 'Random' is on, and 'New seed' draws one in one click", async () => {
    const calls = serveGenerate();
    const view = renderGenerationModal({ optionsOpen: true }, { random: () => 0.5 });
    const seed = screen.getByLabelText('Seed');
    expect(seed).toHaveValue(null);
    expect(screen.getByLabelText('Random')).toBeChecked();
    await view.user.click(screen.getByRole('button', { name: 'New seed' }));
    expect(seed).toHaveValue(2_147_483_648);
    expect(screen.getByLabelText('Random')).not.toBeChecked();
    await view.user.click(screen.getByLabelText('Random'));
    expect(seed).toHaveValue(null);
    await view.user.type(screen.getByLabelText('Prompt'), 'owl');
    await view.user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).not.toHaveProperty('seed');
  });

  it('opens filled with a preset (Use these settings), seed included', () => {
    renderGenerationModal({
      preset: {
        prompt: 'a red fox',
        negative_prompt: 'text',
        aspect_ratio: '3:2',
        quality: 'fast',
        style: 'watercolor',
        seed: 77,
        image_count: 2,
      },
    });
    expect(optionsToggle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Prompt')).toHaveValue('a red fox');
    expect(screen.getByLabelText('Keep out of the image')).toHaveValue('text');
    expect(screen.getByRole('radio', { name: '3:2' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '2' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Fast' })).toBeChecked();
    expect(screen.getByLabelText('Style')).toHaveValue('watercolor');
    expect(screen.getByLabelText('Seed')).toHaveValue(77);
  });
});
