import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { favorite, serveFavorites } from '../../../../test/features/gallery/favorite-fixtures';
import { Gallery } from './gallery';

function renderGallery() {
  const onGenerate = vi.fn();
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Gallery onGenerate={onGenerate} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, onGenerate };
}

async function findTiles() {
  const grid = await screen.findByRole('list', { name: 'Favorites' });
  return within(grid).getAllByTestId('gallery-tile');
}

const range = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => favorite(from + index));

beforeEach(() => server.use(...signedInHandlers()));
afterEach(() => vi.restoreAllMocks());

describe('gallery', () => {
  it('shows 10 skeleton tiles while the first page loads', async () => {
    let release!: () => void;
    serveFavorites(range(2), { delay: new Promise<void>((resolve) => (release = resolve)) });
    renderGallery();
    expect(screen.getByRole('status', { name: 'Loading your gallery' })).toBeInTheDocument();
    expect(screen.getAllByTestId('gallery-tile-skeleton')).toHaveLength(10);
    release();
    expect(await findTiles()).toHaveLength(2);
    expect(screen.getByText('2 images in your gallery')).toBeInTheDocument();
    expect(screen.queryByTestId('gallery-tile-skeleton')).not.toBeInTheDocument();
  });

  it("says 'Your gallery is empty' and offers to generate", async () => {
    serveFavorites([]);
    const { user, onGenerate } = renderGallery();
    expect(await screen.findByText('Your gallery is empty')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate your first image' }));
    expect(onGenerate).toHaveBeenCalledOnce();
  });

  it("searches on the server after typing stops, then says 'No images found'", async () => {
    const queries = serveFavorites([
      favorite(1, { content_prompt: 'A neon city' }),
      favorite(2, { content_prompt: 'A quiet lake' }),
    ]);
    const { user } = renderGallery();
    expect(await findTiles()).toHaveLength(2);
    await user.type(
      screen.getByPlaceholderText('Search your gallery by prompt or phrases...'),
      'Lake',
    );
    await waitFor(async () => expect(await findTiles()).toHaveLength(1));
    // Debounced: one request for the whole word, none per keystroke.
    expect(queries.map((query) => query.get('q'))).toEqual([null, 'Lake']);
    expect(screen.getByText('1 image found')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'xyz');
    expect(await screen.findByText('No images found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await findTiles()).toHaveLength(2);
  });

  it('counts a long search near its limit and refuses one over it, never cutting or sending it', async () => {
    const queries = serveFavorites([favorite(1, { content_prompt: 'A neon city' })]);
    const { user } = renderGallery();
    expect(await findTiles()).toHaveLength(1);
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.click(search);
    await user.paste('a'.repeat(160));
    expect(search).toHaveAccessibleDescription('160 / 200 characters');
    await user.paste('a'.repeat(41));
    expect(search).toHaveValue('a'.repeat(201));
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText('The search can be at most 200 characters (it has 201).'),
    ).toBeVisible();
    await waitFor(() => expect(queries.map((query) => query.get('q'))).toContain('a'.repeat(160)));
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Only the search within the limit reached the server.
    expect(queries.map((query) => query.get('q')?.length ?? 0)).toEqual([0, 160]);
  });

  it('sorts by prompt and filters by time on the server', async () => {
    const queries = serveFavorites(range(3));
    const { user } = renderGallery();
    await findTiles();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Prompt');
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]?.get('orderBy')).toBe('content_prompt');
    expect(queries[1]?.get('orderDirection')).toBe('asc');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'Last 7 Days');
    await waitFor(() => expect(queries).toHaveLength(3));
    const weekMs = 7 * 24 * 3600 * 1000;
    const since = Date.parse(queries[2]?.get('since') ?? '');
    expect(Math.abs(Date.now() - weekMs - since)).toBeLessThan(60_000);
    expect(queries[2]?.get('until')).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'Older');
    await waitFor(() => expect(queries).toHaveLength(4));
    const until = Date.parse(queries[3]?.get('until') ?? '');
    expect(Math.abs(Date.now() - weekMs - until)).toBeLessThan(60_000);
    expect(queries[3]?.get('since')).toBeNull();
  });

  it("shows 'Failed to Load Gallery' with the message, and Try Again refetches", async () => {
    server.use(
      http.get('*/api/v1/favorites', () =>
        HttpResponse.json({ error: 'NOT_FOUND', message: 'gone' }, { status: 404 }),
      ),
    );
    const { user } = renderGallery();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to Load Gallery')).toBeInTheDocument();
    expect(within(alert).getByText('The requested resource was not found.')).toBeInTheDocument();
    serveFavorites(range(1));
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await findTiles()).toHaveLength(1);
  });

  it('offers Load More after a full page of 20, then the end-of-gallery message', async () => {
    const queries = serveFavorites(range(25));
    const { user } = renderGallery();
    expect(await findTiles()).toHaveLength(20);
    expect(screen.getByText('Showing 20 of 25 images in your gallery')).toBeInTheDocument();
    expect(screen.queryByText(/reached the end/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(async () => expect(await findTiles()).toHaveLength(25));
    expect(queries.map((query) => [query.get('limit'), query.get('offset')])).toEqual([
      ['20', '0'],
      ['20', '20'],
    ]);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(screen.getByText("You've reached the end of your gallery.")).toBeInTheDocument();
    expect(screen.getByText('25 images in your gallery')).toBeInTheDocument();
  });

  it('shows no Load More after a page that is not full', async () => {
    serveFavorites(range(19));
    renderGallery();
    expect(await findTiles()).toHaveLength(19);
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('a search or time filter shows every match, read in pages of 50, and the count says so', async () => {
    const queries = serveFavorites(range(120));
    const { user } = renderGallery();
    expect(await findTiles()).toHaveLength(20);
    expect(screen.getByRole('button', { name: 'Load More' })).toBeEnabled();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Prompt');
    await waitFor(async () => expect(await findTiles()).toHaveLength(120), { timeout: 10_000 });
    expect(screen.getByText('120 images found')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    const searches = queries.filter((query) => query.get('q') === 'Prompt');
    expect(searches.map((query) => [query.get('limit'), query.get('offset')])).toEqual([
      ['50', '0'],
      ['50', '50'],
      ['50', '100'],
    ]);

    // The time filter goes to the server with the search; every page of it is read once.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'Older');
    await waitFor(() => expect(queries.at(-1)?.get('until')).not.toBeNull());
    const older = queries.filter((query) => query.get('until'));
    expect(older[0]?.get('q')).toBe('Prompt');
    expect(new Set(older.map((query) => query.get('offset'))).size).toBe(older.length);
  }, 20_000);

  it('keeps each image at its own aspect ratio and offers the smaller copies in srcset', async () => {
    const wide = favorite(1, { result_image_url: '/images/ab/wide.png?expires=9&signature=s' });
    const tall = favorite(2);
    const old = favorite(3, { settings: null });
    serveFavorites([
      { ...wide, settings: { ...wide.settings!, aspect_ratio: '16:9' } },
      { ...tall, settings: { ...tall.settings!, aspect_ratio: '9:16' } },
      old,
    ]);
    renderGallery();
    const tiles = await findTiles();
    const buttons = tiles.map((tile) => within(tile).getByRole('button'));
    expect(buttons.map((button) => parseFloat(button.style.aspectRatio))).toEqual([
      16 / 9,
      9 / 16,
      1,
    ]);
    expect(tiles[0]?.style.flexGrow).toBe(String(16 / 9));
    const image = tiles[0]?.querySelector('img');
    expect(image).toHaveAttribute(
      'srcset',
      '/images/ab/wide.png?expires=9&signature=s&w=256 256w, /images/ab/wide.png?expires=9&signature=s&w=512 512w',
    );
    expect(image?.getAttribute('sizes')).toMatch(/^\(min-width: 640px\) \d+px, \d+px$/);
  });

  it('sorts on the server: by prompt, A to Z, with Load More over the whole gallery', async () => {
    const queries = serveFavorites(range(25));
    const { user } = renderGallery();
    await findTiles();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Prompt');
    await waitFor(() => expect(queries.at(-1)?.get('orderBy')).toBe('content_prompt'));
    expect(queries.at(-1)?.get('orderDirection')).toBe('asc');
    expect(await screen.findByRole('button', { name: 'Load More' })).toBeEnabled();
  });
});
