import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Generation } from '@nocturne/contract/generations/generation';
import { server } from '../../../../test/support/msw-server';
import { FakeIntersectionObserver } from '../../../../test/support/fake-intersection-observer';
import { generation } from '../../../../test/features/generations/generation-fixtures';
import {
  findRows,
  renderHistory,
  setupGenerationHistoryTests,
} from '../../../../test/features/generations/generation-history-fixtures';

setupGenerationHistoryTests();

/** A batch of four: one request id, image i with seed 100 + i and its own picture. */
function batch(ratio: Generation['aspect_ratio'] = '16:9'): Generation[] {
  return [0, 1, 2, 3].map((index) =>
    generation(100 + index, {
      request_id: 'req-batch',
      content_prompt: 'four foxes',
      image_index: index,
      image_count: 4,
      seed: 100 + index,
      aspect_ratio: ratio,
      result_image_url: `/images/fox-${index + 1}.png`,
    }),
  );
}

/** Serves entries (arrays of rows) by the server's paging: limit and offset count entries. */
function serveEntries(entries: Generation[][]) {
  const offsets: number[] = [];
  server.use(
    http.get('*/api/v1/generations', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const limit = Number(params.get('limit'));
      const offset = Number(params.get('offset'));
      offsets.push(offset);
      return HttpResponse.json({
        generations: entries.slice(offset, offset + limit).flat(),
        total: entries.length,
      });
    }),
  );
  return offsets;
}

describe('generation history: a batch is one entry', () => {
  it('shows the four images of a batch in one row, in order, at their aspect ratio', async () => {
    serveEntries([batch(), [generation(1, { content_prompt: 'one owl' })]]);
    const { user } = renderHistory();
    const rows = await findRows();
    expect(rows).toHaveLength(2);
    const thumbnails = within(rows[0]!).getAllByRole('button', { name: /^Open image/ });
    expect(thumbnails.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Open image 1 of 4: four foxes',
      'Open image 2 of 4: four foxes',
      'Open image 3 of 4: four foxes',
      'Open image 4 of 4: four foxes',
    ]);
    expect(thumbnails[0]).toHaveStyle({ aspectRatio: String(16 / 9) });
    expect(thumbnails[0]?.querySelector('img')).toHaveAttribute(
      'srcset',
      '/images/fox-1.png?w=256 256w, /images/fox-1.png?w=512 512w',
    );
    expect(within(rows[0]!).getByTestId('generation-options')).toHaveTextContent(
      '16:9 · Balanced · seeds from 100 · 4 images',
    );

    await user.click(thumbnails[2]!);
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    expect(within(dialog).getByRole('img', { name: 'four foxes' })).toHaveAttribute(
      'src',
      '/images/fox-3.png',
    );
    expect(within(dialog).getByText('3 of 4')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '← Previous' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Next →' })).toBeEnabled();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', '/images/fox-4.png');
    expect(within(dialog).getByText('103')).toBeInTheDocument();
  });

  it('pages by entries: twenty entries hold twenty-three rows, the next page starts at entry 20', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const singles = Array.from({ length: 20 }, (_, index) => [generation(index + 1)]);
    const offsets = serveEntries([batch(), ...singles]);
    renderHistory();
    expect(await findRows()).toHaveLength(20);
    FakeIntersectionObserver.enterAll();
    await waitFor(async () => expect(await findRows()).toHaveLength(21));
    expect(offsets).toEqual([0, 20]);
    expect(await screen.findByText('That is all of your generations.')).toBeInTheDocument();
  });
});
