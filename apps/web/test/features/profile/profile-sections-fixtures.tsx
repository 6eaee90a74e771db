import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { beforeEach } from 'vitest';
import type { Profile } from '@nocturne/contract/users/get-profile';
import { DEFAULT_PREFERENCES } from '@nocturne/contract/users/preferences';
import { createQueryClient } from '../../../src/lib/query-client';
import { signedInHandlers, testSession } from '../../support/fixtures';
import { server } from '../../support/msw-server';
import { ProfileSections } from '../../../src/features/profile/components/profile-sections';

/** Shared set-up for the ProfileSections tests. */
export const profile: Profile = {
  name: 'Night Owl',
  username: 'night_owl',
  email: 'owl@example.com',
  emailVerified: true,
  twoFactorEnabled: false,
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

export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const FIREFOX_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

export function session(id: string, userAgent: string) {
  return {
    ...testSession.session,
    id,
    token: `token-${id}`,
    userAgent,
    updatedAt: '2026-05-01T10:00:00.000Z',
  };
}

export function renderProfile() {
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

export const section = (name: string) => screen.findByRole('region', { name });

/** Serves the profile, preferences and two sessions for each test; call at a file's top. */
export function setupProfileSectionsTests() {
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
}
