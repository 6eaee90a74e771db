import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Generation } from '@nocturne/contract/generations/generation';
import { server } from '../../../../test/support/msw-server';
import { FakeIntersectionObserver } from '../../../../test/support/fake-intersection-observer';
import { generation } from '../../../../test/features/generations/generation-fixtures';
import {
  findRows,
  renderHistory,
  serveHistory,
  setupGenerationHistoryTests,
} from '../../../../test/features/generations/generation-history-fixtures';

setupGenerationHistoryTests();

describe('generation history', () => {
  it('shows 6 skeleton rows while the first page loads', async () => {
    let release!: () => void;
    serveHistory([generation(1)], { delay: new Promise<void>((resolve) => (release = resolve)) });
    renderHistory();
    expect(screen.getByRole('status', { name: 'Loading generation history' })).toBeInTheDocument();
    expect(screen.getAllByTestId('generation-row-skeleton')).toHaveLength(6);
    release();
    expect(await findRows()).toHaveLength(1);
    expect(screen.queryByTestId('generation-row-skeleton')).not.toBeInTheDocument();
  });

  it('opens a thumbnail in the full-size detail view with its prompts, date and short id', async () => {
    serveHistory([generation(1, { id: 'gen-1234567890', content_prompt: 'A moonlit harbour' })]);
    const { user } = renderHistory();
    await findRows();
    await user.click(screen.getByRole('button', { name: 'Open image: A moonlit harbour' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image details' });
    expect(within(dialog).getByRole('img', { name: 'A moonlit harbour' })).toHaveAttribute(
      'src',
      '/images/gen-1.png',
    );
    expect(within(dialog).getByText('A moonlit harbour')).toBeInTheDocument();
    expect(within(dialog).getByText('gen-1234')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close modal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows status badges with their colours, dates and thumbnails', async () => {
    const at = '2026-02-03T10:15:00.000Z';
    serveHistory([
      generation(1, { status: 'queued', result_image_url: null, created_at: at }),
      generation(2, { status: 'processing', result_image_url: null }),
      generation(3, { status: 'completed' }),
      generation(4, { status: 'failed', result_image_url: null, error: 'Model crashed' }),
    ]);
    renderHistory();
    const rows = await findRows();
    const badges = rows.map((row) => within(row).getByTestId('generation-status'));
    expect(badges.map((badge) => badge.textContent)).toEqual([
      'Queued',
      'Processing',
      'Completed',
      'Failed',
    ]);
    expect(badges.map((badge) => badge.dataset.colour)).toEqual(['yellow', 'blue', 'green', 'red']);
    expect(badges[0]).toHaveAttribute('title', 'Waiting in queue');
    expect(badges[1]).toHaveAttribute('title', 'Generating...');
    expect(rows[0]?.querySelector('time')).toHaveAttribute('dateTime', at);
    expect(rows[0]?.querySelector('img')).toBeNull();
    expect(rows[2]?.querySelector('img')).toHaveAttribute('src', '/images/gen-3.png');
    expect(within(rows[3] as HTMLElement).getByText('Model crashed')).toBeInTheDocument();
    // Retry only on failed rows; Delete on every row.
    expect(
      rows.map((row) => within(row).queryByRole('button', { name: 'Retry' }) !== null),
    ).toEqual([false, false, false, true]);
    expect(screen.getAllByRole('button', { name: /^Delete generation/ })).toHaveLength(4);
  });

  it('cuts the prompt preview at 100 characters and expands to the 150-character preview', async () => {
    const long = 'a'.repeat(120) + 'b'.repeat(60);
    serveHistory([
      generation(1, { content_prompt: long }),
      generation(2, { content_prompt: 'short' }),
    ]);
    const { user } = renderHistory();
    const [first, second] = await findRows();
    const row = first as HTMLElement;
    expect(within(row).getByText(`${'a'.repeat(100)}…`)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Show more' }));
    expect(within(row).getByText(`${'a'.repeat(120)}${'b'.repeat(30)}…`)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Show less' }));
    expect(within(row).getByText(`${'a'.repeat(100)}…`)).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('short')).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('loads the next page of 20 when the sentinel scrolls into view', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const queries = serveHistory(Array.from({ length: 25 }, (_, index) => generation(index + 1)));
    renderHistory();
    expect(await findRows()).toHaveLength(20);
    expect(queries[0]?.get('limit')).toBe('20');
    expect(queries[0]?.get('offset')).toBe('0');
    expect(queries[0]?.get('orderBy')).toBe('created_at');
    expect(queries[0]?.get('orderDirection')).toBe('desc');
    expect(screen.getByRole('button', { name: 'Load More' })).toBeInTheDocument();
    act(() => FakeIntersectionObserver.enterAll());
    await waitFor(() => expect(screen.getAllByTestId('generation-row')).toHaveLength(25));
    expect(queries[1]?.get('offset')).toBe('20');
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('Load More is the fallback without IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    serveHistory(Array.from({ length: 21 }, (_, index) => generation(index + 1)));
    const { user } = renderHistory();
    await findRows();
    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByTestId('generation-row')).toHaveLength(21));
  });

  it("shows 'Failed to Load History' with the message and retries", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    server.use(
      http.get('*/api/v1/generations', () =>
        fail
          ? HttpResponse.json({ error: 'VALIDATION_ERROR', message: 'x' }, { status: 422 })
          : HttpResponse.json({ generations: [generation(1)], total: 1 }),
      ),
    );
    const { user } = renderHistory();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to Load History' })).toBeVisible();
    expect(alert).toHaveTextContent('Please check your input and try again.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await findRows()).toHaveLength(1);
  });

  it('an answer that breaks the contract shows the spec message, not the schema error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get('*/api/v1/generations', () =>
        HttpResponse.json({ generations: [{ id: 42, status: 'completed' }], total: 'many' }),
      ),
    );
    renderHistory();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Failed to Load History' })).toBeVisible();
    expect(alert).toHaveTextContent('Something went wrong. Please try again later.');
    expect(alert.textContent).not.toMatch(/[{}[\]]|expected|invalid_type|total/);
    expect(log).toHaveBeenCalledWith(
      '[api] Request failed',
      expect.objectContaining({
        context: 'GET /generations',
        issues: expect.arrayContaining([expect.objectContaining({ path: ['total'] })]),
      }),
    );
  });

  it("an unknown status shows 'Unknown' and the rest of the list still renders", async () => {
    serveHistory([
      generation(1, { status: 'completed' }),
      { ...generation(2), status: 'weird' } as unknown as Generation,
      generation(3, { status: 'failed', result_image_url: null }),
    ]);
    renderHistory();
    const rows = await findRows();
    const badges = rows.map((row) => within(row).getByTestId('generation-status'));
    expect(badges.map((badge) => badge.textContent)).toEqual(['Completed', 'Unknown', 'Failed']);
    expect(badges[1]).toHaveAttribute('data-colour', 'gray');
    expect(within(rows[1] as HTMLElement).getByText('Prompt number 2')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a cancelled job reads 'Cancelled' in grey, without a failure's red reason", async () => {
    serveHistory([
      generation(1, { status: 'failed', result_image_url: null, error: CANCELLED_REASON }),
      generation(2, { status: 'failed', result_image_url: null, error: 'Model crashed' }),
    ]);
    renderHistory();
    const rows = await findRows();
    const badges = rows.map((row) => within(row).getByTestId('generation-status'));
    expect(badges.map((badge) => badge.textContent)).toEqual(['Cancelled', 'Failed']);
    expect(badges.map((badge) => badge.dataset.colour)).toEqual(['gray', 'red']);
    expect(
      within(rows[0] as HTMLElement).queryByText(CANCELLED_REASON, { selector: 'p' }),
    ).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('Model crashed')).toBeInTheDocument();
  });

  it('shows the empty state with a way back to the dashboard', async () => {
    serveHistory([]);
    renderHistory();
    expect(await screen.findByRole('heading', { name: 'No generations yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});
