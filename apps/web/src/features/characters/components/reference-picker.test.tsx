import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import {
  character,
  serveCharacters,
} from '../../../../test/features/characters/character-fixtures';
import { CharactersSection } from './characters-section';

const LIGHTHOUSE = '11111111-1111-4111-8111-111111111111';
const HARBOUR = '22222222-2222-4222-8222-222222222222';

/** GET /generations?status=completed: two finished images and one whose file expired. */
function serveImages() {
  const queries: URLSearchParams[] = [];
  const image = (id: string, prompt: string, url: string | null) => ({
    id,
    content_prompt: prompt,
    result_image_url: url,
  });
  server.use(
    http.get('*/api/v1/generations', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        generations: [
          image(LIGHTHOUSE, 'a lighthouse', `/images/${LIGHTHOUSE}.png`),
          image(HARBOUR, 'a harbour', `/images/${HARBOUR}.png`),
          image('33333333-3333-4333-8333-333333333333', 'an expired owl', null),
        ],
        total: 3,
      });
    }),
  );
  return queries;
}

function renderSection() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CharactersSection />
    </QueryClientProvider>,
  );
  return { user };
}

const items = async () =>
  within(await screen.findByRole('list', { name: 'Characters' })).getAllByRole('listitem');

describe('profile: a character’s reference image', () => {
  beforeEach(() => {
    server.use(...signedInHandlers());
  });

  it('picks one of the person’s finished images, saves it and shows its thumbnail', async () => {
    const served = serveCharacters([character('c-1', 'mira', 'a woman')]);
    const queries = serveImages();
    const { user } = renderSection();
    await items();
    await user.click(screen.getByRole('button', { name: 'Edit @mira' }));
    const picker = screen.getByRole('group', { name: 'Reference image of mira' });
    await user.click(within(picker).getByRole('button', { name: 'Choose image' }));
    const choices = await within(picker).findByRole('list', { name: 'Your images' });
    // An image whose file is no longer kept cannot be a reference.
    expect(within(choices).getAllByRole('button')).toHaveLength(2);
    expect(queries[0]?.get('status')).toBe('completed');
    await user.click(within(choices).getByRole('button', { name: 'Use as reference: a harbour' }));
    expect(within(picker).queryByRole('list', { name: 'Your images' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save mira' }));
    await waitFor(() => expect(screen.queryByLabelText('Description of mira')).toBeNull());
    expect(served.calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { name: 'mira', description: 'a woman', reference_generation_id: HARBOUR },
    });
    const thumbnail = await screen.findByRole('img', { name: 'Reference image of @mira' });
    expect(thumbnail).toHaveAttribute('src', expect.stringContaining(`/images/${HARBOUR}.png`));
  });

  it('removes the reference, and leaves it out of a save that does not change it', async () => {
    const mira = {
      ...character('c-1', 'mira', 'a woman'),
      reference_generation_id: LIGHTHOUSE,
      reference_image_url: `/images/${LIGHTHOUSE}.png`,
    };
    const served = serveCharacters([mira]);
    const { user } = renderSection();
    await items();
    expect(screen.getByRole('img', { name: 'Reference image of @mira' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit @mira' }));
    await user.type(screen.getByLabelText('Description of mira'), ' in red');
    await user.click(screen.getByRole('button', { name: 'Save mira' }));
    await waitFor(() => expect(served.calls).toHaveLength(1));
    expect(served.calls[0]?.body).toEqual({ name: 'mira', description: 'a woman in red' });

    await user.click(await screen.findByRole('button', { name: 'Edit @mira' }));
    await user.click(screen.getByRole('button', { name: 'Remove reference' }));
    expect(screen.queryByRole('button', { name: 'Remove reference' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save mira' }));
    await waitFor(() => expect(served.calls).toHaveLength(2));
    expect(served.calls[1]?.body).toMatchObject({ reference_generation_id: null });
    await waitFor(() =>
      expect(screen.queryByRole('img', { name: 'Reference image of @mira' })).toBeNull(),
    );
  });

  it('saves a new character with a reference chosen before it is saved', async () => {
    const served = serveCharacters();
    serveImages();
    const { user } = renderSection();
    await screen.findByText('You have no characters yet.');
    await user.type(screen.getByLabelText('Character name'), 'knight');
    await user.type(screen.getByLabelText('Description'), 'a tall knight');
    await user.click(screen.getByRole('button', { name: 'Choose image' }));
    await user.click(await screen.findByRole('button', { name: 'Use as reference: a lighthouse' }));
    await user.click(screen.getByRole('button', { name: 'Save character' }));
    await waitFor(() => expect(served.calls).toHaveLength(1));
    expect(served.calls[0]?.body).toEqual({
      name: 'knight',
      description: 'a tall knight',
      reference_generation_id: LIGHTHOUSE,
    });
    expect(await screen.findByRole('img', { name: 'Reference image of @knight' })).toBeVisible();
    // The form is empty again, its reference too.
    expect(screen.queryByRole('button', { name: 'Remove reference' })).toBeNull();
  });
});
