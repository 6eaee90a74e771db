import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { serveWildcards, wildcard } from '../../../../test/features/characters/character-fixtures';
import { WildcardsSection } from './wildcards-section';

function renderSection() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WildcardsSection />
    </QueryClientProvider>,
  );
  return { user };
}

describe('profile: Wildcards section', () => {
  beforeEach(() => {
    server.use(...signedInHandlers());
  });

  it('saves a list from its lines, one a line, blank lines dropped', async () => {
    const served = serveWildcards();
    const { user } = renderSection();
    await screen.findByText('You have no wildcard lists yet.');
    await user.type(screen.getByLabelText('List name'), 'place');
    await user.type(screen.getByLabelText('Lines'), ' a forest {Enter}{Enter}a beach{Enter}a city');
    await user.click(screen.getByRole('button', { name: 'Save list' }));
    const list = await screen.findByRole('list', { name: 'Your wildcard lists' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      '__place__a forest, a beach, a city',
    );
    expect(served.calls).toEqual([
      {
        method: 'POST',
        url: expect.stringMatching(/\/api\/v1\/wildcards$/),
        body: { name: 'place', values: ['a forest', 'a beach', 'a city'] },
      },
    ]);
  });

  it('refuses a name a prompt could not write, and a list without lines, before sending', async () => {
    const served = serveWildcards();
    const { user } = renderSection();
    await screen.findByText('You have no wildcard lists yet.');
    await user.type(screen.getByLabelText('List name'), 'two__parts');
    await user.click(screen.getByRole('button', { name: 'Save list' }));
    expect(screen.getByLabelText('List name')).toHaveAccessibleDescription(
      /A name is 2 to 32 letters or digits, with single _ only between them\./,
    );
    expect(screen.getByLabelText('Lines')).toHaveAccessibleDescription(
      /A list needs at least one line\./,
    );
    expect(served.calls).toEqual([]);
  });

  it('shows the shared lists, and says which of the person’s own lists shadows one', async () => {
    serveWildcards(
      [wildcard('place', ['a forest'])],
      [wildcard('place', ['a shared place']), wildcard('weather', ['rain', 'snow'])],
    );
    renderSection();
    const shared = await screen.findByRole('list', { name: 'Shared wildcard lists' });
    expect(
      within(shared)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '__place__: a shared place (your own list of this name is used instead)',
      '__weather__: rain, snow',
    ]);
  });
});
