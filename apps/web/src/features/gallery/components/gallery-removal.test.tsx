import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { favorite, serveFavorites } from '../../../../test/features/gallery/favorite-fixtures';
import { Gallery } from './gallery';

function renderGallery() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Gallery onGenerate={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

async function tilePrompts() {
  const grid = await screen.findByRole('list', { name: 'Favorites' });
  return within(grid)
    .getAllByRole('button')
    .map((tile) => tile.getAttribute('title'));
}

beforeEach(() => server.use(...signedInHandlers()));

describe('gallery detail view and removal', () => {
  it('opens an image with its prompts, date, short id and Download; arrows move between images', async () => {
    serveFavorites([
      favorite(1, { content_prompt: 'First', source_prompt: 'seed words' }),
      favorite(2, { content_prompt: 'Second' }),
    ]);
    const { user } = renderGallery();
    await tilePrompts();
    await user.click(screen.getByRole('button', { name: 'Open image: First' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    expect(within(dialog).getByRole('img', { name: 'First' })).toHaveAttribute(
      'src',
      '/images/fav-1.png',
    );
    expect(within(dialog).getByText('seed words')).toBeInTheDocument();
    expect(within(dialog).getByText('fav-1-ab')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('img', { name: 'Second' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('img', { name: 'Second' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('img', { name: 'First' })).toBeInTheDocument();
  });

  it('moves focus through the grid with the arrow keys', async () => {
    serveFavorites([1, 2, 3].map((index) => favorite(index)));
    const { user } = renderGallery();
    await tilePrompts();
    const first = screen.getByRole('button', { name: 'Open image: Prompt number 1' });
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Open image: Prompt number 2' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Open image: Prompt number 3' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Open image: Prompt number 2' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Image details' })).toBeInTheDocument();
  });

  it('removes after confirmation, at once, and reinserts in date order with the error when the server refuses', async () => {
    serveFavorites([1, 2, 3].map((index) => favorite(index)));
    let refuse!: () => void;
    const refused = new Promise<void>((resolve) => (refuse = resolve));
    const deletes: string[] = [];
    server.use(
      http.delete('*/api/v1/generations/:id/favorite', async ({ params }) => {
        deletes.push(String(params.id));
        await refused;
        return HttpResponse.json({ error: 'NOT_FOUND', message: 'no' }, { status: 404 });
      }),
    );
    const { user } = renderGallery();
    expect(await tilePrompts()).toEqual(['Prompt number 1', 'Prompt number 2', 'Prompt number 3']);
    await user.click(screen.getByRole('button', { name: 'Open image: Prompt number 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByText(/Remove this image from your gallery\?/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Yes, remove' })).toHaveFocus();
    expect(within(dialog).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(deletes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await tilePrompts()).toEqual(['Prompt number 1', 'Prompt number 3']);
    expect(screen.getByText('2 images in your gallery')).toBeInTheDocument();
    expect(deletes).toEqual(['gen-2']);

    refuse();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The image could not be removed: The requested resource was not found.',
    );
    expect(await tilePrompts()).toEqual(['Prompt number 1', 'Prompt number 2', 'Prompt number 3']);
    expect(screen.getByText('3 images in your gallery')).toBeInTheDocument();
  });

  it('keeps the image out once the server confirms the removal', async () => {
    const all = [1, 2].map((index) => favorite(index));
    serveFavorites(all);
    server.use(
      http.delete('*/api/v1/generations/:id/favorite', () => {
        all.splice(1, 1);
        return HttpResponse.json({ deleted: true });
      }),
    );
    const { user } = renderGallery();
    await tilePrompts();
    await user.click(screen.getByRole('button', { name: 'Open image: Prompt number 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(async () => expect(await tilePrompts()).toEqual(['Prompt number 1']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('removes a favorite whose generation was deleted, naming the favorite by its own id', async () => {
    serveFavorites([favorite(1, { generation_id: null })]);
    const deletes: string[] = [];
    server.use(
      http.delete('*/api/v1/generations/:id/favorite', ({ params }) => {
        deletes.push(String(params.id));
        return HttpResponse.json({ deleted: true });
      }),
    );
    const { user } = renderGallery();
    await tilePrompts();
    await user.click(screen.getByRole('button', { name: 'Open image: Prompt number 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(() => expect(deletes).toEqual(['fav-1-abcdef']));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
