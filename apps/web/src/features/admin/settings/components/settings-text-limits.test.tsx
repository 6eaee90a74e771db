import type { ServiceStatus } from '@nocturne/contract/admin/service-settings';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client';
import { signedInHandlers } from '../../../../../test/support/fixtures';
import { server } from '../../../../../test/support/msw-server';
import { AnnouncementCard } from './announcement-card';
import { GenerationSwitchCard } from './generation-switch-card';

const status: ServiceStatus = { generation: 'off', message: '', announcement: null };
let sent: unknown[];

beforeEach(() => {
  sent = [];
  const record = async ({ request }: { request: Request }) => {
    sent.push(await request.json());
    return HttpResponse.json(status);
  };
  server.use(
    ...signedInHandlers(),
    http.put('*/api/v1/admin/settings', record),
    http.put('*/api/v1/admin/announcement', record),
  );
});

function renderCard(card: ReactNode) {
  const user = userEvent.setup();
  render(<QueryClientProvider client={createQueryClient()}>{card}</QueryClientProvider>);
  return user;
}

/** Pastes `text` at the end of `field` (pasting is how long text usually arrives). */
async function paste(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe("the console settings' text fields near and over their limits", () => {
  it('counts the paused message near its limit and refuses a longer one, never cutting it', async () => {
    const user = renderCard(
      <GenerationSwitchCard status={status} Preview={({ message }) => <p>{message}</p>} />,
    );
    const message = screen.getByLabelText('Message people see while paused');
    await paste(user, message, 'm'.repeat(400));
    expect(message).toHaveAccessibleDescription('400 / 500 characters');
    await paste(user, message, 'm'.repeat(101));
    expect(message).toHaveValue('m'.repeat(501));
    await user.click(screen.getByRole('button', { name: 'Save generation switch' }));
    expect(await screen.findByText('The message can be at most 500 characters.')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('counts the announcement near its limit and refuses a longer one, never cutting it', async () => {
    const user = renderCard(<AnnouncementCard status={status} />);
    const card = screen.getByRole('region', { name: 'Announcement' });
    const text = within(card).getByLabelText('Text');
    await paste(user, text, 't'.repeat(240));
    expect(text).toHaveAccessibleDescription('240 / 300 characters');
    await paste(user, text, 't'.repeat(61));
    expect(text).toHaveValue('t'.repeat(301));
    await user.click(within(card).getByRole('button', { name: 'Publish announcement' }));
    expect(await within(card).findByText('The text can be at most 300 characters.')).toBeVisible();
    expect(sent).toEqual([]);
  });
});
