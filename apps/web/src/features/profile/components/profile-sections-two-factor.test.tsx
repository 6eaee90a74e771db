import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '@nocturne/contract/auth/two-factor';
import { server } from '../../../../test/support/msw-server';
import {
  profile,
  renderProfile,
  section,
  setupProfileSectionsTests,
} from '../../../../test/features/profile/profile-sections-fixtures';
import { RECOVERY_CODES_FILE } from './recovery-codes';

setupProfileSectionsTests();

const TOTP_URI =
  'otpauth://totp/Nocturne:owl%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Nocturne';
const CODES = ['aB3dE-fG5hJ', 'kL7mN-pQ9rS'];
const NEW_CODES = ['tU2vW-xY4zA'];

/** The auth endpoints of two-factor sign-in, the password being `right-password`. */
function serveTwoFactor(initiallyOn: boolean) {
  const state = { on: initiallyOn, bodies: [] as Array<[string, unknown]> };
  const refusedPassword = () =>
    HttpResponse.json({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, { status: 400 });
  server.use(
    http.get('*/api/v1/profile', () =>
      HttpResponse.json({ ...profile, twoFactorEnabled: state.on }),
    ),
    http.post('*/api/auth/two-factor/:action', async ({ request, params }) => {
      const body = (await request.json()) as { password?: string; code?: string };
      state.bodies.push([String(params.action), body]);
      if ('password' in body && body.password !== 'right-password') return refusedPassword();
      switch (params.action) {
        case 'enable':
          return HttpResponse.json({ method: 'totp', totpURI: TOTP_URI, backupCodes: CODES });
        case 'verify-totp':
          if (body.code !== '123456') {
            return HttpResponse.json(
              { code: 'INVALID_CODE', message: 'Invalid code' },
              { status: 401 },
            );
          }
          state.on = true;
          return HttpResponse.json({ token: 'new-session', user: {} });
        case 'generate-backup-codes':
          return HttpResponse.json({ status: true, backupCodes: NEW_CODES });
        case 'disable':
          state.on = false;
          return HttpResponse.json({ status: true });
      }
      return HttpResponse.json({}, { status: 404 });
    }),
  );
  return state;
}

async function submitPassword(
  user: ReturnType<typeof renderProfile>,
  card: HTMLElement,
  password: string,
  button: string,
) {
  await user.type(within(card).getByLabelText('Password'), password);
  await user.click(within(card).getByRole('button', { name: button }));
}

describe('ProfileSections: two-factor sign-in', { timeout: 15_000 }, () => {
  // The section is a lazy chunk: compiling it (with the QR library) once here keeps that cost,
  // which a busy machine can stretch past findBy's wait, out of the first test.
  beforeAll(() => import('./two-factor-section'), 30_000);
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:codes'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => vi.restoreAllMocks());

  it('turns on: password, QR code and key, a first code, then the recovery codes once', async () => {
    const state = serveTwoFactor(false);
    const user = renderProfile();
    const card = await section('Two-factor sign-in');
    expect(card.parentElement).toHaveAttribute('id', 'two-factor');
    expect(within(card).getByText('Off')).toBeVisible();
    await user.click(within(card).getByRole('button', { name: 'Turn on two-factor sign-in' }));

    await submitPassword(user, card, 'wrong-password', 'Continue');
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      TWO_FACTOR_MESSAGES.INVALID_PASSWORD,
    );
    await user.clear(within(card).getByLabelText('Password'));
    await submitPassword(user, card, 'right-password', 'Continue');

    expect(
      await within(card).findByTitle('QR code for your authenticator app'),
    ).toBeInTheDocument();
    expect(within(card).getByTestId('totp-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP',
    );
    const code = within(card).getByLabelText('Code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.type(code, '12345');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(
      within(card).getByText('Enter the 6-digit code from your authenticator app'),
    ).toBeVisible();
    await user.type(code, '9');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      TWO_FACTOR_MESSAGES.INVALID_CODE,
    );
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(card).getByRole('button', { name: 'Turn on' }));

    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    await user.click(within(card).getByRole('button', { name: 'I have saved them' }));
    expect(within(card).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await within(card).findByText('On')).toBeVisible();
    expect(within(card).getByRole('status')).toHaveTextContent('Two-factor sign-in is on');
    expect(state.bodies).toEqual([
      ['enable', { password: 'wrong-password' }],
      ['enable', { password: 'right-password' }],
      ['verify-totp', { code: '123459' }],
      ['verify-totp', { code: '123456' }],
    ]);
  });

  it('shows new recovery codes once, to copy or download as a text file', async () => {
    const state = serveTwoFactor(true);
    const user = renderProfile();
    const card = await section('Two-factor sign-in');
    expect(within(card).getByText('On')).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Turn on two-factor sign-in' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'New recovery codes' }));
    await submitPassword(user, card, 'right-password', 'Make new codes');
    const list = await within(card).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEW_CODES);
    await user.click(within(card).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toContain(NEW_CODES[0]);
    expect(within(card).getByText('Copied.')).toBeVisible();

    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(within(card).getByRole('button', { name: 'Download .txt' }));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe(RECOVERY_CODES_FILE);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(await blob.text()).toContain(NEW_CODES[0]);

    await user.click(within(card).getByRole('button', { name: 'I have saved them' }));
    expect(within(card).queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(within(card).queryByRole('status')).toBeNull();
    expect(state.bodies).toEqual([['generate-backup-codes', { password: 'right-password' }]]);
  });

  it('turns off with the password', async () => {
    const state = serveTwoFactor(true);
    const user = renderProfile();
    const card = await section('Two-factor sign-in');
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    await user.click(within(card).getByRole('button', { name: 'Turn off' }));
    expect(within(card).getByText('Enter your password')).toBeVisible();
    await submitPassword(user, card, 'right-password', 'Turn off');
    expect(await within(card).findByText('Off')).toBeVisible();
    expect(within(card).getByRole('status')).toHaveTextContent('Two-factor sign-in is off');
    expect(state.bodies).toEqual([['disable', { password: 'right-password' }]]);
  });

  it('keeps focus in the panel as its steps replace each other', async () => {
    serveTwoFactor(false);
    const user = renderProfile();
    const card = await section('Two-factor sign-in');
    await user.click(within(card).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await submitPassword(user, card, 'wrong-password', 'Continue');
    await within(card).findByRole('alert');
    await waitFor(() => expect(within(card).getByLabelText('Password')).toHaveFocus());

    await user.clear(within(card).getByLabelText('Password'));
    await submitPassword(user, card, 'right-password', 'Continue');
    const code = await within(card).findByLabelText('Code from the app');
    await waitFor(() => expect(code).toHaveFocus());

    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByRole('button', { name: 'Turn on two-factor sign-in' })).toHaveFocus();
  });

  it('says so when the server refuses too many tries', async () => {
    serveTwoFactor(false);
    server.use(
      http.post('*/api/auth/two-factor/enable', () => new HttpResponse(null, { status: 429 })),
    );
    const user = renderProfile();
    const card = await section('Two-factor sign-in');
    await user.click(within(card).getByRole('button', { name: 'Turn on two-factor sign-in' }));
    await submitPassword(user, card, 'right-password', 'Continue');
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      TWO_FACTOR_MESSAGES.TOO_MANY_TRIES,
    );
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByRole('button', { name: 'Turn on two-factor sign-in' })).toBeVisible();
    expect(screen.queryByLabelText('Code from the app')).toBeNull();
  });
});
