import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '@nocturne/contract/users/get-profile';
import { DEFAULT_PREFERENCES } from '@nocturne/contract/users/preferences';
import { createQueryClient } from '../../../lib/query-client';
import { signedInHandlers, testSession } from '../../../testing/fixtures';
import { server } from '../../../testing/msw-server';
import { ProfileSections } from './profile-sections';

const profile: Profile = {
  name: 'Night Owl',
  username: 'night_owl',
  email: 'owl@example.com',
  emailVerified: true,
  joinDate: '2026-01-01T00:00:00.000Z',
  stats: {
    totalGenerations: 12,
    completedGenerations: 10,
    failedGenerations: 2,
    cancelledGenerations: 1,
    totalFavorites: 3,
    creditsUsed: 10,
    joinDate: '2026-01-01T00:00:00.000Z',
  },
};

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

function session(id: string, userAgent: string) {
  return {
    ...testSession.session,
    id,
    token: `token-${id}`,
    userAgent,
    updatedAt: '2026-05-01T10:00:00.000Z',
  };
}

function renderProfile() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ProfileSections />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return user;
}

const section = (name: string) => screen.findByRole('region', { name });

beforeEach(() => {
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/profile', () => HttpResponse.json(profile)),
    http.get('*/api/v1/user/preferences', () => HttpResponse.json(DEFAULT_PREFERENCES)),
    http.get('*/api/auth/list-sessions', () =>
      HttpResponse.json([session('session-1', CHROME_WINDOWS), session('other', FIREFOX_LINUX)]),
    ),
  );
});

describe('ProfileSections', () => {
  it('shows the tier from the stats', async () => {
    renderProfile();
    expect(await screen.findByTestId('account-tier')).toHaveTextContent('Regular');
  });

  it('refuses a short username inline with the spec message and sends nothing', async () => {
    const puts: unknown[] = [];
    server.use(
      http.put('*/api/v1/profile', async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(profile);
      }),
    );
    const user = renderProfile();
    const details = await section('Profile');
    const username = within(details).getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'ab');
    expect(within(details).getByText('Username must be at least 3 characters')).toBeVisible();
    await user.click(within(details).getByRole('button', { name: 'Save profile' }));
    expect(puts).toEqual([]);
    await user.type(username, ' c');
    expect(
      within(details).getByText(
        'Username can only contain letters, numbers, underscores, and hyphens',
      ),
    ).toBeVisible();
  });

  it('the username field holds what its hint says: 20 characters are fine, a 21st is not typed', async () => {
    const user = renderProfile();
    const details = await section('Profile');
    const username = within(details).getByLabelText('Username');
    expect(username).toHaveAccessibleDescription(
      '3 to 20 letters, numbers, underscores or hyphens',
    );
    await user.clear(username);
    await user.type(username, 'a'.repeat(25));
    expect(username).toHaveValue('a'.repeat(20));
    expect(username).not.toHaveAttribute('aria-invalid');
    expect(within(details).queryByText(/less than 20/)).toBeNull();
  });

  it('saves the name and username', async () => {
    const puts: unknown[] = [];
    server.use(
      http.put('*/api/v1/profile', async ({ request }) => {
        const body = (await request.json()) as { name: string; username: string };
        puts.push(body);
        return HttpResponse.json({ ...profile, ...body });
      }),
    );
    const user = renderProfile();
    const details = await section('Profile');
    const username = within(details).getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'Moon-Child');
    await user.click(within(details).getByRole('button', { name: 'Save profile' }));
    expect(await within(details).findByText('Profile saved.')).toBeVisible();
    expect(puts).toEqual([{ name: 'Night Owl', username: 'Moon-Child' }]);
  });

  it('says when the username is taken', async () => {
    server.use(
      http.put('*/api/v1/profile', () =>
        HttpResponse.json(
          { error: 'ALREADY_EXISTS', message: 'This username is already taken.' },
          { status: 409 },
        ),
      ),
    );
    const user = renderProfile();
    const details = await section('Profile');
    await user.click(within(details).getByRole('button', { name: 'Save profile' }));
    expect(await within(details).findByText('This username is already taken.')).toBeVisible();
  });

  it('asks for a change of email and says where the link went', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/auth/change-email', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ status: true });
      }),
    );
    const user = renderProfile();
    const email = await section('Email');
    await user.type(within(email).getByLabelText('New email address'), 'moon@example.com');
    await user.click(within(email).getByRole('button', { name: 'Change email' }));
    expect(
      await within(email).findByText(
        'We sent a confirmation link to moon@example.com. Your email changes once you open it.',
      ),
    ).toBeVisible();
    expect(bodies).toEqual([{ newEmail: 'moon@example.com', callbackURL: '/profile' }]);
  });

  it('shows the refusal of a wrong current password', async () => {
    server.use(
      http.post('*/api/auth/change-password', () =>
        HttpResponse.json(
          { code: 'INVALID_PASSWORD', message: 'Invalid password' },
          { status: 400 },
        ),
      ),
    );
    const user = renderProfile();
    const password = await section('Password');
    await user.type(within(password).getByLabelText('Current password'), 'wrong one');
    await user.type(within(password).getByLabelText('New password'), 'short');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(within(password).getByText('Password must be at least 8 characters')).toBeVisible();
    await user.type(within(password).getByLabelText('New password'), ' enough now');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(await within(password).findByRole('alert')).toHaveTextContent('Invalid password');

    // The next error replaces it: no stale 'Invalid password' beside a new complaint.
    await user.clear(within(password).getByLabelText('New password'));
    await user.click(within(password).getByRole('button', { name: 'Change password' }));
    expect(within(password).getByText('Password must be at least 8 characters')).toBeVisible();
    expect(within(password).queryByText('Invalid password')).toBeNull();
  });

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
