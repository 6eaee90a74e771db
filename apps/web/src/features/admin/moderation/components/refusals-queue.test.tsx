import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../../test/support/msw-server';
import { renderApp } from '../../../../../test/support/render-app';
import {
  operatorHandlers,
  refusalFixture,
  refusalsApi,
  preloadModerationPage,
} from '../../../../../test/features/admin/moderation/moderation-fixtures';

const CONFIRM_FIRST = 'Confirm the refusal of “nude woman in kid gloves” by person1@example.com';
const FALSE_POSITIVE_FIRST =
  'False positive: the refusal of “nude woman in kid gloves” by person1@example.com';

let api: ReturnType<typeof refusalsApi>;

beforeAll(preloadModerationPage, 60_000);

beforeEach(() => {
  api = refusalsApi([
    refusalFixture(1),
    refusalFixture(2, {
      sourcePrompt: 'a sexy {teen|adult}',
      contentPrompt: 'sexy teen',
      matchedTerms: ['teen', 'sexy'],
    }),
    refusalFixture(3, {
      status: 'confirmed',
      contentPrompt: 'schoolgirl lingerie',
      reviewedAt: '2026-11-25T12:00:00.000Z',
      reviewReason: 'Clearly a minor.',
    }),
  ]);
  server.use(...operatorHandlers(), ...api.handlers);
});

const rowOf = (text: string) => screen.getByText(text, { exact: false }).closest('tr')!;
const toReviewCount = () =>
  within(screen.getByRole('button', { name: /^To review/ })).getByText(/^\d+$/).textContent;

// Lazy console chunks and many keystrokes: slower than the default on a busy machine.
describe('the refusals queue (/admin/moderation)', { timeout: 15_000 }, () => {
  it('shows an operator’s hold, or a running pause, in the person’s history', async () => {
    const held = refusalFixture(1);
    const paused = refusalFixture(2, { contentPrompt: 'sexy teen' });
    api = refusalsApi([
      { ...held, history: { ...held.history, heldByOperator: true } },
      { ...paused, history: { ...paused.history, suspendedUntil: '2026-11-26T10:00:00.000Z' } },
    ]);
    server.use(...api.handlers);
    renderApp('/admin/moderation');
    const heldRow = (await screen.findByRole('button', { name: CONFIRM_FIRST })).closest('tr')!;
    expect(
      within(heldRow).getByText('Generation suspended by an operator until restored'),
    ).toBeInTheDocument();
    expect(within(heldRow).queryByText(/Generation paused until/)).not.toBeInTheDocument();
    const pausedRow = screen
      .getByRole('button', { name: 'Confirm the refusal of “sexy teen” by person2@example.com' })
      .closest('tr')!;
    expect(within(pausedRow).getByText(/Generation paused until/)).toBeInTheDocument();
    expect(within(pausedRow).queryByText(/suspended by an operator/)).not.toBeInTheDocument();
  });

  it('lists what waits for review: prompt with its matched words, rule, language, person and history', async () => {
    renderApp('/admin/moderation');
    const confirm = await screen.findByRole('button', { name: CONFIRM_FIRST });
    const row = confirm.closest('tr')!;
    expect(
      [...row.querySelectorAll('td:first-child mark')].map((mark) => mark.textContent),
    ).toEqual(['nude', 'kid']);
    expect(within(row).getByText('sexual content involving a minor')).toBeInTheDocument();
    expect(within(row).getByText('English')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'person1@example.com' })).toHaveAttribute(
      'href',
      '/admin/people/user-1',
    );
    expect(within(row).getByText('3 refusals in all')).toBeInTheDocument();
    expect(within(row).getByText(/teen, sexy/)).toBeInTheDocument();
    const when = row.querySelector('td[data-label="When"] time');
    expect(when).toHaveAttribute('dateTime', '2026-11-25T10:00:00.000Z');
    expect(when?.getAttribute('title')).toMatch(/2026/);
    expect(row).not.toHaveTextContent('Source prompt');
    const second = screen.getByRole('button', { name: /^Confirm .* by person2@example.com$/ });
    expect(second.closest('tr')).toHaveTextContent('Source prompt: a sexy {teen|adult}');
    expect(screen.getAllByRole('row')).toHaveLength(3); // the header and two open refusals
    expect(toReviewCount()).toBe('2');
    expect(screen.getByRole('link', { name: 'Refusals, 2 to review' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it("shows the person's own words beside the matched term, and wraps emails between parts", async () => {
    api = refusalsApi([
      refusalFixture(4, {
        email: 'a.very.long.address.person4@example.com',
        contentPrompt: 'una niña desnuda',
        matchedTerms: ['una nina', 'desnuda'],
      }),
    ]);
    server.use(...api.handlers);
    renderApp('/admin/moderation');
    const confirm = await screen.findByRole('button', { name: /^Confirm .*person4@example.com$/ });
    const row = confirm.closest('tr')!;
    expect(
      [...row.querySelectorAll('td:first-child mark')].map((mark) => mark.textContent),
    ).toEqual(['una niña', 'desnuda']);
    const words = within(row).getByRole('list', { name: 'Matched words' });
    expect(
      within(words)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['una niña · matched “una nina”', 'desnuda']);
    const email = within(row).getByRole('link', {
      name: 'a.very.long.address.person4@example.com',
    });
    expect(email).not.toHaveClass('break-all');
    // A break before the @ and after each of the five dots.
    expect(email.querySelectorAll('wbr')).toHaveLength(6);
  });

  it("shows the person's recorded words, leetspeak included, beside the lists' terms", async () => {
    const refusal = refusalFixture(5, {
      contentPrompt: 'naked k1d on a beach',
      matchedTerms: ['kid', 'naked'],
      matchedWords: ['k1d', 'naked'],
    });
    api = refusalsApi([
      {
        ...refusal,
        history: {
          ...refusal.history,
          last: [
            refusal.history.last[0]!,
            {
              id: '00000000-0000-4000-8000-000000000999',
              at: '2026-11-24T09:00:00.000Z',
              rule: 'sexualised_real_person',
              matchedTerms: ['Taylor Swift', 'nude'],
              matchedWords: ['Tayler Swfit', 'nude'],
            },
          ],
        },
      },
    ]);
    server.use(...api.handlers);
    renderApp('/admin/moderation');
    const confirm = await screen.findByRole('button', { name: /^Confirm .*person5@example.com$/ });
    const row = confirm.closest('tr')!;
    expect(
      [...row.querySelectorAll('td:first-child mark')].map((mark) => mark.textContent),
    ).toEqual(['naked', 'k1d']);
    const words = within(row).getByRole('list', { name: 'Matched words' });
    expect(
      within(words)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['k1d · matched “kid”', 'naked']);
    expect(row).toHaveTextContent('Tayler Swfit (Taylor Swift), nude');
  });

  it('confirms a refusal with the note, then the row leaves and the count drops', async () => {
    const { user } = renderApp('/admin/moderation');
    await user.click(await screen.findByRole('button', { name: CONFIRM_FIRST }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this refusal' });
    const note = within(dialog).getByLabelText('Note for the audit log');
    expect(note).toHaveValue('Confirmed on review.');
    await user.clear(note);
    await user.type(note, 'Asked for a minor.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refusal' }));

    expect(
      await screen.findByText('Refusal by person1@example.com confirmed.'),
    ).toBeInTheDocument();
    expect(api.requests).toEqual([
      {
        url: `/api/v1/admin/refusals/${refusalFixture(1).id}/confirm`,
        body: { reason: 'Asked for a minor.' },
      },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: CONFIRM_FIRST })).not.toBeInTheDocument(),
    );
    expect(toReviewCount()).toBe('1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('marks a false positive with the phrase it adds, shows a refused phrase at the field', async () => {
    const { user } = renderApp('/admin/moderation');
    await user.click(await screen.findByRole('button', { name: FALSE_POSITIVE_FIRST }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as a false positive' });
    expect(dialog).toHaveTextContent(/from now on/);
    const phrase = within(dialog).getByLabelText('Allowed phrase');
    expect(phrase).toHaveValue('kid gloves');

    await user.clear(phrase);
    await user.type(phrase, 'gloves');
    await user.click(within(dialog).getByRole('button', { name: 'Mark false positive' }));
    expect(
      await within(dialog).findByText(/must be words of the refused prompt/),
    ).toBeInTheDocument();
    expect(phrase).toHaveAttribute('aria-invalid', 'true');

    await user.clear(phrase);
    await user.type(phrase, 'kid gloves');
    await user.click(within(dialog).getByRole('button', { name: 'Mark false positive' }));
    expect(
      await screen.findByText(
        'Marked a false positive. “kid gloves” is an allowed phrase from now on.',
      ),
    ).toBeInTheDocument();
    expect(api.requests.at(-1)).toEqual({
      url: `/api/v1/admin/refusals/${refusalFixture(1).id}/false-positive`,
      body: { reason: 'Harmless prompt, wrongly read.', phrase: 'kid gloves' },
    });
    expect(api.phrases).toEqual(['kid gloves']);
    await waitFor(() => expect(toReviewCount()).toBe('1'));
  });

  it('says when another operator reviewed the refusal first, and takes it off the queue', async () => {
    const { user } = renderApp('/admin/moderation');
    await user.click(await screen.findByRole('button', { name: CONFIRM_FIRST }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this refusal' });
    api.reviewElsewhere(refusalFixture(1).id, 'false_positive');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm refusal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This refusal has already been reviewed.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(toReviewCount()).toBe('1'));
    expect(screen.queryByRole('button', { name: CONFIRM_FIRST })).not.toBeInTheDocument();
  });

  it('filters by state, keeping it in the URL, and shows each review with its note', async () => {
    const { user, router } = renderApp('/admin/moderation');
    await screen.findByRole('button', { name: CONFIRM_FIRST });
    await user.click(screen.getByRole('button', { name: /^Confirmed/ }));
    expect(await screen.findByText('“Clearly a minor.”')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=confirmed');
    expect(screen.getByRole('button', { name: /^Confirmed/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(rowOf('schoolgirl lingerie')).not.toHaveTextContent('False positive');
    expect(screen.queryByRole('button', { name: /^Confirm the refusal/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^False positive/ }));
    expect(await screen.findByText(/No false positives yet/)).toBeInTheDocument();
  });

  it('is usable with the keyboard alone: Tab reaches each refusal’s actions, Enter reviews', async () => {
    const { user } = renderApp('/admin/moderation');
    const confirm = await screen.findByRole('button', { name: CONFIRM_FIRST });
    confirm.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: FALSE_POSITIVE_FIRST })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'person2@example.com' })).toHaveFocus();

    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this refusal' });
    expect(within(dialog).getByLabelText('Note for the audit log')).toHaveFocus();
    await user.keyboard('{Enter}');
    const done = await screen.findByText('Refusal by person1@example.com confirmed.');
    await waitFor(() => expect(done).toHaveFocus());
  });
});
