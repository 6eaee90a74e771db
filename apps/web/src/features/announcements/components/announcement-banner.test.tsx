import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { useLiveServiceStatus } from '../../../lib/service-status';
import type { RealtimeClient } from '../../../lib/realtime';
import { createFakeRealtime } from '../../../../test/support/fake-realtime';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { AnnouncementBanner } from './announcement-banner';

const TEXT = 'Maintenance tonight at 22:00 UTC.';
let announcement: object | null = null;

function serveAnnouncement(id: string, endsInMs = 3_600_000, level = 'warning') {
  announcement = { id, text: TEXT, level, ends_at: new Date(Date.now() + endsInMs).toISOString() };
}

function Live({ client }: { client: RealtimeClient }) {
  useLiveServiceStatus(true, client);
  return <AnnouncementBanner />;
}

function renderBanner() {
  const realtime = createFakeRealtime();
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Live client={realtime.client} />
    </QueryClientProvider>,
  );
  return { ...view, realtime };
}

beforeEach(() => {
  localStorage.clear();
  announcement = null;
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/service-status', () =>
      HttpResponse.json({ generation: 'on', message: '', announcement }),
    ),
  );
});
afterEach(() => localStorage.clear());

describe('AnnouncementBanner', () => {
  it('shows the announcement until this device dismisses it, and a new one again', async () => {
    serveAnnouncement('a1');
    const first = renderBanner();
    expect(await screen.findByRole('alert')).toHaveTextContent(TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('announcement')).toBeNull();
    first.unmount();
    const again = renderBanner();
    await waitFor(() => expect(again.realtime.socket().joins('service:status')).toHaveLength(1));
    expect(screen.queryByTestId('announcement')).toBeNull();
    again.unmount();
    serveAnnouncement('a2', 3_600_000, 'info');
    renderBanner();
    expect(await screen.findByRole('status')).toHaveTextContent(TEXT);
  });

  it('appears when an operator announces while the page is open, and leaves at its end', async () => {
    const view = renderBanner();
    await waitFor(() => expect(view.realtime.socket().joins('service:status')).toHaveLength(1));
    act(() =>
      view.realtime.socket().ack('SUBSCRIBED', 'service:status', {
        generation: 'on',
        message: '',
        announcement: null,
      }),
    );
    serveAnnouncement('a3', 1_500);
    act(() =>
      view.realtime.socket().send('service:status', 'status_changed', {
        generation: 'on',
        message: '',
        announcement,
      }),
    );
    expect(await screen.findByTestId('announcement')).toHaveTextContent(TEXT);
    await waitFor(() => expect(screen.queryByTestId('announcement')).toBeNull(), {
      timeout: 3_000,
    });
  });
});
