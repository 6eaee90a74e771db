import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../../../test/support/msw-server';
import { renderApp } from '../../../../../test/support/render-app';
import {
  operatorHandlers,
  refusalsApi,
  preloadModerationPage,
} from '../../../../../test/features/admin/moderation/moderation-fixtures';

let sent: unknown[];

beforeAll(preloadModerationPage, 60_000);

beforeEach(() => {
  sent = [];
  server.use(
    ...operatorHandlers(),
    ...refusalsApi([]).handlers,
    http.post('*/api/v1/admin/moderation/test', async ({ request }) => {
      const body = (await request.json()) as { prompt: string };
      sent.push(body);
      if (body.prompt.includes('ქართ')) {
        return HttpResponse.json({
          allowed: false,
          rule: null,
          matched: [],
          allowedPhrases: [],
          unsupportedScript: 'georgian',
        });
      }
      if (body.prompt.includes('gloves')) {
        return HttpResponse.json({
          allowed: true,
          rule: null,
          matched: [],
          allowedPhrases: ['kid gloves'],
        });
      }
      return HttpResponse.json({
        allowed: false,
        rule: 'sexualised_minor',
        matched: [
          { term: 'kid', list: 'shipped' },
          { term: 'glorp', list: 'operator_term' },
        ],
        allowedPhrases: [],
      });
    }),
  );
});

describe('the rules tester (/admin/moderation?tab=tester)', { timeout: 15_000 }, () => {
  it('shows a refusal: the rule, the matched words marked in the prompt and their lists', async () => {
    const { user } = renderApp('/admin/moderation?tab=tester');
    await user.type(await screen.findByLabelText('Prompt'), 'Glorp with a kid');
    await user.type(screen.getByLabelText('Negative prompt (optional)'), 'blurry');
    await user.click(screen.getByRole('button', { name: 'Test' }));

    expect(
      await screen.findByText('Refused: sexual content involving a minor'),
    ).toBeInTheDocument();
    const verdict = screen.getByText('Refused: sexual content involving a minor').closest('div')!;
    const marks = [...verdict.querySelectorAll('p mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['Glorp', 'kid']);
    const matched = within(verdict).getByRole('list');
    expect(matched).toHaveTextContent('kid on the shipped word lists');
    expect(matched).toHaveTextContent('glorp on your blocked terms');
    expect(sent).toEqual([{ prompt: 'Glorp with a kid', negative_prompt: 'blurry' }]);
    expect(screen.getByText(/Nothing is recorded/)).toBeInTheDocument();
  });

  it('shows an allowed prompt and the allowed phrase that let it through', async () => {
    const { user } = renderApp('/admin/moderation?tab=tester');
    await user.type(await screen.findByLabelText('Prompt'), 'nude woman in kid gloves');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Allowed')).toBeInTheDocument();
    expect(screen.getByText('Let through by allowed phrases').nextElementSibling).toHaveTextContent(
      'kid gloves',
    );
    expect(sent).toEqual([{ prompt: 'nude woman in kid gloves' }]);
  });

  it('asks for a prompt at the field and sends nothing while it is empty', async () => {
    const { user } = renderApp('/admin/moderation?tab=tester');
    await user.click(await screen.findByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Type a prompt of up to 4000 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Prompt')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('says a prompt in a script no covered language uses is declined unread, not refused', async () => {
    const { user } = renderApp('/admin/moderation?tab=tester');
    await user.type(await screen.findByLabelText('Prompt'), 'ქართული ლექსი');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(
      await screen.findByText(
        'Declined: written in Georgian script, which no covered language uses (not counted as a refusal)',
      ),
    ).toBeInTheDocument();
  });
});
