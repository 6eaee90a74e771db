import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { createQueryClient } from '../../../lib/query-client';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import {
  character,
  serveCharacters,
} from '../../../../test/features/characters/character-fixtures';
import { CharactersSection } from './characters-section';

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

describe('profile: Characters section', () => {
  beforeEach(() => {
    server.use(...signedInHandlers());
  });

  it('lists each character with its description, and says when there are none', async () => {
    serveCharacters([character('c-1', 'mira', 'a woman with silver hair')]);
    renderSection();
    const [mira] = await items();
    expect(mira).toHaveTextContent('@miraa woman with silver hair');
  });

  it('says when there are none', async () => {
    serveCharacters();
    renderSection();
    expect(await screen.findByText('You have no characters yet.')).toBeInTheDocument();
  });

  it('saves a new character, checking the name first', async () => {
    const served = serveCharacters();
    const { user } = renderSection();
    await screen.findByText('You have no characters yet.');
    await user.type(screen.getByLabelText('Character name'), 'sir knight');
    await user.type(screen.getByLabelText('Description'), 'a tall knight in red');
    await user.click(screen.getByRole('button', { name: 'Save character' }));
    expect(screen.getByLabelText('Character name')).toHaveAccessibleDescription(
      /A name is 2 to 32 letters, digits or _ \(no spaces\)\./,
    );
    expect(served.calls).toEqual([]);
    await user.clear(screen.getByLabelText('Character name'));
    await user.type(screen.getByLabelText('Character name'), 'knight');
    await user.click(screen.getByRole('button', { name: 'Save character' }));
    const [knight] = await items();
    expect(knight).toHaveTextContent('@knighta tall knight in red');
    expect(served.calls).toEqual([
      {
        method: 'POST',
        url: expect.stringMatching(/\/api\/v1\/characters$/),
        body: { name: 'knight', description: 'a tall knight in red' },
      },
    ]);
    expect(screen.getByLabelText('Character name')).toHaveValue('');
  });

  it('shows the server’s refusal of a description, and of a name taken', async () => {
    const served = serveCharacters([character('c-1', 'mira', 'a woman')]);
    const { user } = renderSection();
    await items();
    served.refuse = {
      status: 422,
      error: 'CONTENT_POLICY_VIOLATION',
      message: PRODUCT_ERRORS.CONTENT_POLICY_VIOLATION.message,
    };
    await user.type(screen.getByLabelText('Character name'), 'kid');
    await user.type(screen.getByLabelText('Description'), 'words the rules refuse');
    await user.click(screen.getByRole('button', { name: 'Save character' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      PRODUCT_ERRORS.CONTENT_POLICY_VIOLATION.message,
    );
    served.refuse = {
      status: 409,
      error: 'CHARACTER_NAME_TAKEN',
      message: PRODUCT_ERRORS.CHARACTER_NAME_TAKEN.message,
    };
    await user.click(screen.getByRole('button', { name: 'Save character' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        PRODUCT_ERRORS.CHARACTER_NAME_TAKEN.message,
      ),
    );
  });

  it('edits and deletes a character', async () => {
    const served = serveCharacters([character('c-1', 'mira', 'a woman')]);
    const { user } = renderSection();
    await items();
    await user.click(screen.getByRole('button', { name: 'Edit @mira' }));
    const description = screen.getByLabelText('Description of mira');
    await user.clear(description);
    await user.type(description, 'a woman with golden hair');
    await user.click(screen.getByRole('button', { name: 'Save mira' }));
    await waitFor(() => expect(screen.queryByLabelText('Description of mira')).toBeNull());
    expect(served.calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { name: 'mira', description: 'a woman with golden hair' },
    });
    expect((await items())[0]).toHaveTextContent('a woman with golden hair');
    await user.click(screen.getByRole('button', { name: 'Delete @mira' }));
    expect(await screen.findByText('You have no characters yet.')).toBeInTheDocument();
  });
});
