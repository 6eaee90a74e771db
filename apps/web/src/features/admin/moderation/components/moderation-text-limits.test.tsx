import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../../test/support/msw-server';
import { renderApp } from '../../../../../test/support/render-app';
import {
  operatorHandlers,
  refusalFixture,
  refusalsApi,
  preloadModerationPage,
} from '../../../../../test/features/admin/moderation/moderation-fixtures';
import { moderationListsApi } from '../../../../../test/features/admin/moderation/moderation-lists-api';

let lists: ReturnType<typeof moderationListsApi>;
let refusals: ReturnType<typeof refusalsApi>;
let tested: unknown[];

beforeAll(preloadModerationPage, 60_000);

beforeEach(() => {
  lists = moderationListsApi({ phrases: [], terms: [] });
  refusals = refusalsApi([refusalFixture(1)]);
  tested = [];
  server.use(
    ...operatorHandlers(),
    ...refusals.handlers,
    ...lists.handlers,
    http.post('*/api/v1/admin/moderation/test', async ({ request }) => {
      tested.push(await request.json());
      return HttpResponse.json({ allowed: true, rule: null, matched: [], allowedPhrases: [] });
    }),
  );
});

/** Pastes `text` at the end of `field` (pasting is how long text usually arrives). */
async function paste(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

// Lazy console chunks and long pastes: slower than the default on a busy machine.
describe("moderation's text fields near and over their limits", { timeout: 15_000 }, () => {
  it('a blocked term and a blocked name count near their limits and name them when over', async () => {
    const { user } = renderApp('/admin/moderation?tab=blocked-terms');
    const termForm = await screen.findByRole('form', { name: 'Add a blocked term' });
    const term = within(termForm).getByLabelText('Term');
    await paste(user, term, 'z'.repeat(101));
    expect(term).toHaveValue('z'.repeat(101));
    expect(term).toHaveAccessibleDescription(/101 \/ 100 characters/);
    await user.click(within(termForm).getByRole('button', { name: 'Add' }));
    expect(await within(termForm).findByText('A term is 2 to 100 characters.')).toBeVisible();

    await user.click(screen.getByRole('link', { name: /Blocked names/ }));
    const nameForm = await screen.findByRole('form', { name: 'Add a blocked name' });
    const name = within(nameForm).getByLabelText('Full name');
    await paste(user, name, 'n'.repeat(85));
    expect(name).toHaveAccessibleDescription('85 / 100 characters');
    expect(lists.requests).toEqual([]);
  });

  it("the tester's prompt counts near its limit and names it when over", async () => {
    const { user } = renderApp('/admin/moderation?tab=tester');
    const form = await screen.findByRole('form', { name: 'Test a prompt' });
    const prompt = within(form).getByLabelText('Prompt');
    await paste(user, prompt, 'p'.repeat(4001));
    expect(prompt).toHaveValue('p'.repeat(4001));
    expect(prompt).toHaveAccessibleDescription(/4,001 \/ 4,000 characters/);
    await user.click(within(form).getByRole('button', { name: 'Test' }));
    expect(await within(form).findByText('Type a prompt of up to 4000 characters.')).toBeVisible();
    expect(tested).toEqual([]);
  });

  it("a review's phrase and note count near their limits", async () => {
    const { user } = renderApp('/admin/moderation');
    await user.click(
      await screen.findByRole('button', {
        name: 'False positive: the refusal of “nude woman in kid gloves” by person1@example.com',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark as a false positive' });
    const phrase = within(dialog).getByLabelText('Allowed phrase');
    await user.clear(phrase);
    await paste(user, phrase, 'k'.repeat(201));
    expect(phrase).toHaveValue('k'.repeat(201));
    expect(phrase).toHaveAccessibleDescription(/201 \/ 200 characters/);
    const note = within(dialog).getByLabelText('Note for the audit log');
    await user.clear(note);
    await paste(user, note, 'r'.repeat(450));
    expect(note).toHaveAccessibleDescription('450 / 500 characters');
    await user.click(within(dialog).getByRole('button', { name: 'Mark false positive' }));
    expect(await within(dialog).findByText('A phrase is 2 to 200 characters.')).toBeVisible();
    expect(refusals.requests).toEqual([]);
  });
});
