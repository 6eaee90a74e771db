import { QueryClientProvider } from '@tanstack/react-query';
import { render as renderElement, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { ImageDetailModal, type DetailImage } from './image-detail-modal';

const image: DetailImage = {
  id: 'abcdef123456',
  src: '/images/a.png',
  sourcePrompt: '',
  contentPrompt: 'a lighthouse at dusk',
  createdAt: '2026-02-03T10:00:00.000Z',
};

/** The view inside the app's query client, where its Download runs. */
function render(ui: ReactNode) {
  return renderElement(
    <QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>,
  );
}

/** The detail list as term → value pairs, in order. */
function detailLines() {
  const dialog = screen.getByRole('dialog', { name: 'Image details' });
  return within(dialog)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
}

describe('image detail view', () => {
  it('shows every option the image was made with, in reading order', () => {
    render(
      <ImageDetailModal
        image={{
          ...image,
          options: {
            negativePrompt: 'fog, people',
            seed: 4_294_967_295,
            aspectRatio: '16:9',
            quality: 'best',
            style: 'cinematic',
            imageIndex: 2,
            imageCount: 4,
          },
        }}
        downloadName="x.png"
        onClose={() => {}}
      />,
    );
    expect(detailLines()).toEqual([
      ['Prompt', 'a lighthouse at dusk'],
      ['Negative prompt', 'fog, people'],
      ['Style', 'Cinematic'],
      ['Aspect ratio', '16:9'],
      ['Quality', 'Best'],
      ['Seed', '4294967295'],
      ['Image', '3 of 4'],
      ['Created', expect.any(String)],
      ['ID', 'abcdef12'],
    ]);
  });

  it('leaves empty options out instead of writing None', () => {
    render(
      <ImageDetailModal
        image={{
          ...image,
          options: {
            negativePrompt: '',
            seed: null,
            aspectRatio: '1:1',
            quality: 'balanced',
            style: null,
            imageIndex: 0,
            imageCount: 1,
          },
        }}
        downloadName="x.png"
        onClose={() => {}}
      />,
    );
    expect(detailLines().map(([term]) => term)).toEqual([
      'Prompt',
      'Aspect ratio',
      'Quality',
      'Created',
      'ID',
    ]);
    expect(screen.queryByText('None')).not.toBeInTheDocument();
  });

  it('an image with no kept options shows its prompts only; a source prompt when there is one', () => {
    render(
      <ImageDetailModal
        image={{ ...image, sourcePrompt: 'seed words' }}
        downloadName="x.png"
        onClose={() => {}}
      />,
    );
    expect(detailLines().map(([term]) => term)).toEqual([
      'Prompt',
      'Source prompt',
      'Created',
      'ID',
    ]);
  });
});
