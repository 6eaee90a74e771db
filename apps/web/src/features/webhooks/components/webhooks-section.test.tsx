import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import {
  delivery,
  NEW_SECRET,
  serveWebhooks,
  webhook,
} from '../../../../test/features/webhooks/webhook-fixtures';
import { WebhooksSection } from './webhooks-section';

function renderSection() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <WebhooksSection />
    </QueryClientProvider>,
  );
  return { user };
}

const items = async () =>
  within(await screen.findByRole('list', { name: 'Webhooks' })).getAllByRole('listitem');

const NOT_ALLOWED = 'This URL cannot receive webhooks: it names a private address.';

describe('profile: webhooks section', () => {
  beforeEach(() => {
    server.use(...signedInHandlers());
  });

  it('says when there are none', async () => {
    serveWebhooks();
    renderSection();
    expect(await screen.findByText('You have no webhooks yet.')).toBeInTheDocument();
  });

  it('lists each webhook with its events', async () => {
    serveWebhooks([
      webhook('w-1', 'https://hooks.example.com/a', {
        events: ['generation.completed', 'generation.failed'],
      }),
    ]);
    renderSection();
    const [item] = await items();
    expect(item).toHaveTextContent('https://hooks.example.com/a');
    expect(item).toHaveTextContent('generation.completed, generation.failed');
  });

  it('adds a webhook with the chosen events, shows its secret once with Copy, and announces it', async () => {
    const served = serveWebhooks();
    const { user } = renderSection();
    await screen.findByText('You have no webhooks yet.');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);

    // The contract's schema checks the form before anything is sent.
    await user.type(screen.getByLabelText('Webhook URL'), 'not a url');
    await user.click(screen.getByRole('checkbox', { name: /An image is done/ }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(screen.getByLabelText('Webhook URL')).toHaveAccessibleDescription(
      /Enter a URL starting with https:\/\//,
    );
    expect(screen.getByText('Choose at least one event.')).toBeInTheDocument();
    expect(served.calls).toEqual([]);

    await user.clear(screen.getByLabelText('Webhook URL'));
    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/n');
    await user.click(screen.getByRole('checkbox', { name: /An image failed/ }));
    await user.click(screen.getByRole('checkbox', { name: /An image was cancelled/ }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const field = await screen.findByLabelText('Signing secret');
    expect(field).toHaveValue(NEW_SECRET);
    expect(field).toHaveAttribute('readonly');
    expect(screen.getByRole('status')).toHaveTextContent('Webhook added.');
    expect(served.calls).toEqual([
      {
        method: 'POST',
        url: expect.stringMatching(/\/api\/v1\/webhooks$/),
        body: {
          url: 'https://hooks.example.com/n',
          events: ['generation.failed', 'generation.cancelled'],
        },
      },
    ]);
    const [created] = await items();
    expect(created).toHaveTextContent('https://hooks.example.com/n');
    expect(created).not.toHaveTextContent(NEW_SECRET);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(NEW_SECRET);
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByDisplayValue(NEW_SECRET)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a URL, naming why', async () => {
    const served = serveWebhooks();
    const { user } = renderSection();
    await screen.findByText('You have no webhooks yet.');
    served.refuse = { status: 422, error: 'WEBHOOK_URL_NOT_ALLOWED', message: NOT_ALLOWED };
    await user.type(screen.getByLabelText('Webhook URL'), 'https://10.0.0.7/hook');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ALLOWED);
    expect(screen.queryByLabelText('Signing secret')).not.toBeInTheDocument();
  });

  it('shows a webhook’s recent deliveries: status, attempts and the last answer', async () => {
    const served = serveWebhooks([webhook('w-1', 'https://hooks.example.com/a')]);
    served.deliveries['w-1'] = [
      delivery('e-2', {
        status: 'pending',
        attempts: 2,
        next_attempt_at: '2026-11-21T09:40:00.000Z',
        last_answer: { status: 500, error: 'upstream down' },
      }),
      delivery('e-1'),
      delivery('e-0', {
        status: 'failed',
        attempts: 9,
        last_answer: { status: null, error: 'redirect refused' },
      }),
    ];
    const { user } = renderSection();
    await items();
    const toggle = screen.getByRole('button', {
      name: 'Deliveries to https://hooks.example.com/a',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', {
      name: 'Deliveries to https://hooks.example.com/a',
    });
    const [pending, delivered, failed] = within(list).getAllByRole('listitem');
    expect(pending).toHaveTextContent(/Pending · 2 attempts · HTTP 500: upstream down/);
    expect(delivered).toHaveTextContent(/Delivered · 1 attempt · HTTP 200/);
    expect(failed).toHaveTextContent(/Failed · 9 attempts · redirect refused/);
  });

  it('deletes a webhook only after a confirmation', async () => {
    const served = serveWebhooks([
      webhook('w-1', 'https://hooks.example.com/a'),
      webhook('w-2', 'https://hooks.example.com/b'),
    ]);
    const { user } = renderSection();
    await items();
    await user.click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/a' }));
    const confirm = screen.getByRole('group', { name: 'Delete https://hooks.example.com/a?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(served.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete https://hooks.example.com/a' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    await waitFor(async () => expect(await items()).toHaveLength(1));
    expect(served.calls).toEqual([
      { method: 'DELETE', url: expect.stringMatching(/\/api\/v1\/webhooks\/w-1$/), body: null },
    ]);
  });
});
