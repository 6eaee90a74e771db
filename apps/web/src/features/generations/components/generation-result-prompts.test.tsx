import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { PNG_BASE64 } from '../../../../test/features/generations/generation-fixtures';
import type { FinishedImage } from '../types';
import { GenerationCompletionStep } from './generation-completion-step';

function finished(index: number, seed: number): FinishedImage {
  return {
    index,
    generationId: `gen-${index}`,
    seed,
    imageSrc: `data:image/png;base64,${PNG_BASE64}`,
    error: null,
  };
}

function renderBatch(prompt: string, images: FinishedImage[]) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <GenerationCompletionStep
        prompt={prompt}
        images={images}
        requestId="req-1"
        message="Image generated successfully!"
        isPremium
        balance={0}
        onGenerateAgain={() => {}}
      />
    </QueryClientProvider>,
  );
}

/** A batch's images each show, and are described by, the prompt they got (issue 44 item 2). */
describe('generation result: the prompt of each image', () => {
  it('shows each image with its own expansion of the choices, in its alt text too', () => {
    // Seeds 6 and 7 are combinations 0 and 1 (the first group changes fastest).
    renderBatch('a {red|blue|green} owl on a {branch|roof}', [finished(0, 6), finished(1, 7)]);
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'Generated image 1: a red owl on a branch',
      'Generated image 2: a blue owl on a branch',
    ]);
    const figures = screen.getAllByRole('figure');
    expect(within(figures[0]!).getByTestId('image-prompt')).toHaveTextContent(
      'a red owl on a branch',
    );
    expect(within(figures[1]!).getByTestId('image-prompt')).toHaveTextContent(
      'a blue owl on a branch',
    );
  });

  it('adds no per-image prompt when the prompt has no choices', () => {
    renderBatch('a moonlit owl', [finished(0, 6), finished(1, 7)]);
    expect(screen.queryByTestId('image-prompt')).not.toBeInTheDocument();
    expect(screen.getAllByRole('img')[1]).toHaveAttribute(
      'alt',
      'Generated image 2: a moonlit owl',
    );
  });
});
