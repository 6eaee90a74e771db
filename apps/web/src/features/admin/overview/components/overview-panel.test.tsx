import type { AdminOverview } from '@nocturne/contract/admin/overview';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client';
import { createFakeRealtime } from '../../../../../test/support/fake-realtime';
import { server } from '../../../../../test/support/msw-server';
import { signedInHandlers } from '../../../../../test/support/fixtures';
import { OverviewPanel } from './overview-panel';
import { RealtimeContext } from '../../../../lib/realtime-context';

const minute = (index: number) => new Date(Date.UTC(2026, 10, 26, 1, index)).toISOString();

function overview(changes: Partial<AdminOverview> = {}): AdminOverview {
  return {
    generated_at: '2026-11-26T01:15:00.000Z',
    models: [
      {
        id: 'sd-turbo',
        name: 'SD Turbo',
        queued: 4,
        running: 2,
        wait_p50_s: 1.5,
        wait_p95_s: 8.25,
        workers: 2,
        engine: { backend: 'onnx', is_preview: false, fallback_reason: null },
        health: { state: 'ready', cause: null, since: '2026-11-26T01:00:00.000Z' },
      },
    ],
    jobs_per_minute: Array.from({ length: 15 }, (_, index) => ({
      minute: minute(index),
      completed: index,
      failed: index === 3 ? 2 : 0,
    })),
    failures: [
      { reason: 'timeout', detail: 'no image within 300 s (GENERATION_TIMEOUT_S)', count: 2 },
    ],
    people: { sign_ups_today: 7, premium_monthly: 3, premium_lifetime: 1 },
    revenue: [{ currency: 'usd', amount: '43.99', payments: 2 }],
    credit_packs_sold: 1,
    credits: [
      { reason: 'daily_grant', amount: 120 },
      { reason: 'generation', amount: -90 },
    ],
    ...changes,
  };
}

function renderPanel() {
  const realtime = createFakeRealtime();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RealtimeContext.Provider value={realtime.client}>
        <OverviewPanel />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
  );
  return realtime;
}

beforeEach(() => {
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/admin/overview', () => HttpResponse.json(overview())),
  );
});

describe('the Overview page', () => {
  it('shows the models, minutes, failures, people and money from the API', async () => {
    renderPanel();
    const models = await screen.findByRole('region', { name: 'Models' });
    const row = within(models).getByRole('row', { name: /SD Turbo/ });
    expect(row).toHaveTextContent('SD Turbo421.5 s8.3 s2onnx');
    expect(screen.getByRole('img', { name: 'Images finished per minute' })).toBeInTheDocument();
    expect(screen.getByText(/105 made, 2 failed/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: /Failures/ })).getByText('timeout'),
    ).toBeInTheDocument();
    expect(screen.getByText('43.99 USD')).toBeInTheDocument();
    expect(screen.getByText('3 monthly · 1 lifetime')).toBeInTheDocument();
    expect(screen.getByText('Credits granted').nextSibling).toHaveTextContent('120');
    expect(screen.getByText('Credits spent').nextSibling).toHaveTextContent('90');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('overview-status')).toHaveTextContent('Not live');
  });

  it('shows nothing spent or granted as 0', async () => {
    server.use(
      http.get('*/api/v1/admin/overview', () => HttpResponse.json(overview({ credits: [] }))),
    );
    renderPanel();
    await screen.findByRole('region', { name: 'Models' });
    expect(screen.getByText('Credits granted').nextSibling).toHaveTextContent(/^0$/);
    expect(screen.getByText('Credits spent').nextSibling).toHaveTextContent(/^0$/);
  });

  it('goes live on the channel and shows each pushed snapshot with its time', async () => {
    const realtime = renderPanel();
    await screen.findByRole('region', { name: 'Models' });
    await waitFor(() => expect(realtime.socket().joins('admin:overview')).toHaveLength(1));
    act(() => realtime.socket().ack('SUBSCRIBED', 'admin:overview', overview()));
    expect(await screen.findByText('Live')).toBeInTheDocument();
    act(() =>
      realtime
        .socket()
        .send(
          'admin:overview',
          'overview_updated',
          overview({ people: { sign_ups_today: 12, premium_monthly: 3, premium_lifetime: 1 } }),
        ),
    );
    expect(await screen.findByText('12')).toBeInTheDocument();
    const stamp = screen.getByTestId('overview-status').querySelector('time');
    expect(stamp).toHaveAttribute('datetime', '2026-11-26T01:15:00.000Z');
  });

  it('puts a model without workers or on a fallback engine in an alert at the top', async () => {
    const [model] = overview().models;
    server.use(
      http.get('*/api/v1/admin/overview', () =>
        HttpResponse.json(
          overview({
            models: [
              { ...model!, workers: 0 },
              {
                ...model!,
                id: 'flux',
                name: 'Flux',
                engine: {
                  backend: 'preview',
                  is_preview: true,
                  fallback_reason: 'the model file is missing',
                },
              },
            ],
          }),
        ),
      ),
    );
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('SD Turbo has no live worker');
    expect(alert).toHaveTextContent('Flux runs the preview engine: the model file is missing');
  });

  it("alerts for each model whose engine is not ready, with the engine's cause and since when", async () => {
    const [model] = overview().models;
    const since = '2026-11-26T00:40:00.000Z';
    server.use(
      http.get('*/api/v1/admin/overview', () =>
        HttpResponse.json(
          overview({
            models: [
              {
                ...model!,
                name: 'SDXL',
                health: { state: 'unreachable', cause: 'ECONNREFUSED 127.0.0.1:8188', since },
              },
            ],
            failures: [
              {
                reason: 'unreachable',
                detail: 'Cannot reach ComfyUI at http://127.0.0.1:8188/prompt (ECONNREFUSED)',
                count: 3,
              },
            ],
          }),
        ),
      ),
    );
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'SDXL is unreachable: submits are refused (ECONNREFUSED 127.0.0.1:8188).',
    );
    expect(within(alert).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute(
      'datetime',
      since,
    );
    const models = screen.getByRole('region', { name: 'Models' });
    expect(within(models).getByRole('row', { name: /SDXL/ })).toHaveTextContent('Unreachable');
    const failures = screen.getByRole('region', { name: /Failures/ });
    expect(failures).toHaveTextContent(
      'unreachableCannot reach ComfyUI at http://127.0.0.1:8188/prompt (ECONNREFUSED)3',
    );
  });

  it('says what failed when the overview cannot load', async () => {
    server.use(
      http.get('*/api/v1/admin/overview', () =>
        HttpResponse.json({ error: 'OPERATOR_ONLY', message: 'Operators only.' }, { status: 403 }),
      ),
    );
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('The overview could not load');
  });
});
