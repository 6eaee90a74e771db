import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../../test/support/msw-server';
import {
  profile,
  renderProfile,
  section,
  setupProfileSectionsTests,
} from '../../../../test/features/profile/profile-sections-fixtures';

setupProfileSectionsTests();

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

  it('the username field counts near its limit and refuses a 21st character instead of cutting it', async () => {
    const user = renderProfile();
    const details = await section('Profile');
    const username = within(details).getByLabelText('Username');
    expect(username).toHaveAccessibleDescription(
      '3 to 20 letters, numbers, underscores or hyphens',
    );
    await user.clear(username);
    await user.type(username, 'a'.repeat(20));
    expect(username).not.toHaveAttribute('aria-invalid');
    expect(username).toHaveAccessibleDescription(
      '3 to 20 letters, numbers, underscores or hyphens · 20 / 20 characters',
    );
    await user.type(username, 'a');
    // Typing past the limit is kept, counted and refused in words that name the limit.
    expect(username).toHaveValue('a'.repeat(21));
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(within(details).getByText('Username must be less than 20 characters')).toBeVisible();
    expect(username).toHaveAccessibleDescription(/21 \/ 20 characters/);
  });

  it('the name counts near its limit and names the limit when it is over, never cutting it', async () => {
    const puts: unknown[] = [];
    server.use(
      http.put('*/api/v1/profile', async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(profile);
      }),
    );
    const user = renderProfile();
    const details = await section('Profile');
    const name = within(details).getByLabelText('Name');
    expect(name).not.toHaveAccessibleDescription(/characters/);
    await user.clear(name);
    await user.click(name);
    await user.paste('n'.repeat(101));
    expect(name).toHaveValue('n'.repeat(101));
    expect(name).toHaveAccessibleDescription(/101 \/ 100 characters/);
    expect(within(details).getByText('Name must be at most 100 characters')).toBeVisible();
    await user.click(within(details).getByRole('button', { name: 'Save profile' }));
    expect(puts).toEqual([]);
  });

  it('the new password counts near its limit and names the limit when it is over', async () => {
    const user = renderProfile();
    const passwordSection = await section('Password');
    const password = within(passwordSection).getByLabelText('New password');
    await user.click(password);
    await user.paste('p'.repeat(129));
    expect(password).toHaveValue('p'.repeat(129));
    expect(password).toHaveAccessibleDescription(/129 \/ 128 characters/);
    await user.click(within(passwordSection).getByRole('button', { name: 'Change password' }));
    expect(
      await within(passwordSection).findByText('Password must be at most 128 characters'),
    ).toBeVisible();
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

  it('signs out the other devices unless the person unticks it', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/auth/change-password', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ token: null });
      }),
    );
    const user = renderProfile();
    const password = await section('Password');
    const signOutOthers = within(password).getByLabelText('Sign out of other devices');
    expect(signOutOthers).toBeChecked();
    const change = async () => {
      await user.type(within(password).getByLabelText('Current password'), 'the old secret');
      await user.type(within(password).getByLabelText('New password'), 'a brand new secret');
      await user.click(within(password).getByRole('button', { name: 'Change password' }));
      await within(password).findByText('Password changed.');
    };
    await change();
    await user.click(signOutOthers);
    await change();
    expect(bodies).toEqual([
      expect.objectContaining({ revokeOtherSessions: true }),
      expect.objectContaining({ revokeOtherSessions: false }),
    ]);
  });
});
