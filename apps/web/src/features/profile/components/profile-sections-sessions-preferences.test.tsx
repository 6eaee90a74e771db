import { waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '@nocturne/contract/users/preferences';
import { server } from '../../../../test/support/msw-server';
import {
  CHROME_WINDOWS,
  renderProfile,
  section,
  session,
  setupProfileSectionsTests,
} from '../../../../test/features/profile/profile-sections-fixtures';

setupProfileSectionsTests();

describe('ProfileSections', () => {
  it('lists the sessions, marks this device and signs out the others', async () => {
    let revoked = false;
    server.use(
      http.post('*/api/auth/revoke-other-sessions', () => {
        revoked = true;
        server.use(
          http.get('*/api/auth/list-sessions', () =>
            HttpResponse.json([session('session-1', CHROME_WINDOWS)]),
          ),
        );
        return HttpResponse.json({ status: true });
      }),
    );
    const user = renderProfile();
    const sessions = await section('Sessions');
    const rows = await within(sessions).findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on Windows');
    expect(rows[0]).toHaveTextContent('this device');
    expect(rows[1]).toHaveTextContent('Firefox on Linux');
    expect(rows[1]).not.toHaveTextContent('this device');
    await user.click(within(sessions).getByRole('button', { name: 'Sign out other sessions' }));
    await waitFor(() => expect(within(sessions).getAllByRole('listitem')).toHaveLength(1));
    expect(revoked).toBe(true);
    expect(
      within(sessions).queryByRole('button', { name: 'Sign out other sessions' }),
    ).not.toBeInTheDocument();
  });

  it('saves a preference as soon as it is toggled', async () => {
    const puts: unknown[] = [];
    server.use(
      http.put('*/api/v1/user/preferences', async ({ request }) => {
        const body = (await request.json()) as { blurThumbnails: boolean };
        puts.push(body);
        return HttpResponse.json({ ...DEFAULT_PREFERENCES, ...body });
      }),
    );
    const user = renderProfile();
    const preferences = await section('Preferences');
    const blur = within(preferences).getByLabelText(/Blur images/);
    await waitFor(() => expect(blur).toBeEnabled());
    expect(blur).not.toBeChecked();
    await user.click(blur);
    await waitFor(() => expect(blur).toBeChecked());
    expect(puts).toEqual([{ blurThumbnails: true }]);
  });

  it('saves each generation default as soon as it is chosen', async () => {
    const puts: unknown[] = [];
    server.use(
      http.put('*/api/v1/user/preferences', async ({ request }) => {
        const body = (await request.json()) as { generationDefaults: object };
        puts.push(body);
        return HttpResponse.json({
          ...DEFAULT_PREFERENCES,
          generationDefaults: {
            ...DEFAULT_PREFERENCES.generationDefaults,
            ...body.generationDefaults,
          },
        });
      }),
    );
    const user = renderProfile();
    const preferences = await section('Preferences');
    const ratio = within(preferences).getByLabelText('Aspect ratio');
    await waitFor(() => expect(ratio).toBeEnabled());
    await user.selectOptions(ratio, '16:9');
    await waitFor(() => expect(ratio).toHaveValue('16:9'));
    const count = within(preferences).getByLabelText('Images per generation');
    await waitFor(() => expect(count).toBeEnabled());
    await user.selectOptions(count, '3');
    await waitFor(() => expect(count).toHaveValue('3'));
    const quality = within(preferences).getByLabelText('Quality');
    await waitFor(() => expect(quality).toBeEnabled());
    await user.selectOptions(quality, 'Best');
    const style = within(preferences).getByLabelText('Style');
    await waitFor(() => expect(style).toBeEnabled());
    await user.selectOptions(style, 'Anime');
    await waitFor(() => expect(style).toHaveValue('anime'));
    expect(puts).toEqual([
      { generationDefaults: { aspect_ratio: '16:9' } },
      { generationDefaults: { image_count: 3 } },
      { generationDefaults: { quality: 'best' } },
      { generationDefaults: { style: 'anime' } },
    ]);
    expect(within(preferences).getByLabelText(/Open the generation options/)).not.toBeChecked();
  });
});
