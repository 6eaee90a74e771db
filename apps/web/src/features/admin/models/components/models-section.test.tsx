import type { AdminModel } from '@nocturne/contract/admin/models';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client';
import { createFakeRealtime } from '../../../../../test/support/fake-realtime';
import { signedInHandlers } from '../../../../../test/support/fixtures';
import { server } from '../../../../../test/support/msw-server';
import {
  gpuModel,
  onnxModel,
  pullState,
} from '../../../../../test/features/admin/models/admin-model-fixtures';
import { ModelsSection } from './models-section';
import { RealtimeContext } from '../../../../lib/realtime-context';

let models: AdminModel[];
const puts: unknown[] = [];
const pulls: string[] = [];

function renderSection() {
  const realtime = createFakeRealtime();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RealtimeContext.Provider value={realtime.client}>
        <ModelsSection />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
  );
  return { realtime, user };
}

const card = async (name: string) => screen.findByRole('article', { name });

beforeEach(() => {
  models = [gpuModel(), onnxModel()];
  puts.length = 0;
  pulls.length = 0;
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/admin/models', () => HttpResponse.json({ models })),
    http.put('*/api/v1/admin/models/:id', async ({ request, params }) => {
      const body = (await request.json()) as { enabled: boolean; reason: string };
      puts.push({ id: params.id, ...body });
      models = models.map((m) =>
        m.id === params.id
          ? {
              ...m,
              enabled: body.enabled,
              available: body.enabled,
              unavailable_reason: body.enabled ? null : 'disabled',
              switch: {
                reason: body.reason,
                changed_by: 'op@example.com',
                changed_at: m.workers[0]!.last_seen_at,
              },
            }
          : m,
      );
      return HttpResponse.json({ models });
    }),
    http.post('*/api/v1/admin/models/:id/pull', ({ params }) => {
      pulls.push(String(params.id));
      return HttpResponse.json(pullState(), { status: 202 });
    }),
  );
});

describe('the console Models section', () => {
  it("lists a licence's conditions on commercial use under its name", async () => {
    const conditions = ['Register with Stability AI.', 'Show "Powered by Stability AI".'];
    models = [
      gpuModel({
        licence: {
          name: 'Stability AI Community License',
          url: null,
          commercial_use: true,
          conditions,
        },
      }),
    ];
    renderSection();
    const studio = await card('Studio XL');
    expect(
      within(studio).getByText('Commercial use allowed, on these conditions:'),
    ).toBeInTheDocument();
    for (const condition of conditions)
      expect(within(studio).getByText(condition)).toBeInTheDocument();
  });

  it('shows each model with tier, cost, backend, licence, availability, workers and weights', async () => {
    renderSection();
    const studio = await card('Studio XL');
    expect(within(studio).getByText('Premium')).toBeInTheDocument();
    expect(within(studio).getByText('3 credits')).toBeInTheDocument();
    expect(within(studio).getByText('comfyui')).toBeInTheDocument();
    expect(within(studio).getByText('Commercial use allowed')).toBeInTheDocument();
    expect(within(studio).getByText('Available')).toBeInTheDocument();
    const worker = within(within(studio).getByRole('list', { name: 'Workers' })).getByRole(
      'listitem',
    );
    expect(worker).toHaveTextContent('worker-a');
    expect(within(worker).getByText(/2026|26/)).toHaveAttribute(
      'datetime',
      '2026-11-26T01:00:00.000Z',
    );
    expect(within(studio).getByRole('switch', { name: 'Enabled: Studio XL' })).toBeChecked();
    const turbo = await card('SD-Turbo');
    expect(
      within(turbo).getByText('Unavailable: No worker has served it recently'),
    ).toBeInTheDocument();
    expect(within(turbo).getByText('Not installed')).toBeInTheDocument();
    expect(within(turbo).getByText('No live workers.')).toBeInTheDocument();
  });

  it("shows what each worker's engine runs: the model, a preview fallback, or nothing reported", async () => {
    const seen = '2026-11-26T01:00:00.000Z';
    models = [
      onnxModel({
        available: true,
        unavailable_reason: null,
        workers: [
          {
            id: 'cpu-1',
            last_seen_at: seen,
            engine: {
              backend: 'onnx',
              model: 'sd-turbo',
              is_preview: false,
              fallback_reason: null,
            },
            health: null,
          },
          {
            id: 'cpu-2',
            last_seen_at: seen,
            engine: {
              backend: 'preview',
              model: 'preview',
              is_preview: true,
              fallback_reason: 'sd-turbo is not installed in /data/models',
            },
            health: null,
          },
          { id: 'cpu-3', last_seen_at: seen, engine: null, health: null },
        ],
      }),
    ];
    renderSection();
    const turbo = await card('SD-Turbo');
    const [real, fallback, unreported] = within(
      within(turbo).getByRole('list', { name: 'Workers' }),
    ).getAllByRole('listitem');
    expect(real).toHaveTextContent('cpu-1onnx · sd-turbo');
    expect(within(fallback!).getByText(/preview model/)).toHaveTextContent(
      'preview model (preview · preview): sd-turbo is not installed in /data/models',
    );
    expect(unreported).toHaveTextContent('engine not reported');
  });

  it('disables a model with a reason, after confirmation, and shows it unavailable', async () => {
    const { user } = renderSection();
    const studio = await card('Studio XL');
    await user.click(within(studio).getByRole('switch', { name: 'Enabled: Studio XL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Studio XL?' });
    const confirm = within(dialog).getByRole('button', { name: 'Disable model' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Reason/), 'Black images since 01:00');
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts).toEqual([{ id: 'studio', enabled: false, reason: 'Black images since 01:00' }]);
    expect(within(studio).getByText('Unavailable: Disabled by an operator')).toBeInTheDocument();
    expect(within(studio).getByText(/Black images since 01:00/)).toBeInTheDocument();
    expect(within(studio).getByRole('switch', { name: 'Enabled: Studio XL' })).not.toBeChecked();
  });

  it('counts a long reason near its limit and refuses one over it instead of cutting it', async () => {
    const { user } = renderSection();
    await user.click(within(await card('Studio XL')).getByRole('switch'));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Studio XL?' });
    const reason = within(dialog).getByLabelText(/Reason/);
    await user.click(reason);
    await user.paste('r'.repeat(501));
    expect(reason).toHaveValue('r'.repeat(501));
    expect(reason).toHaveAccessibleDescription(/501 \/ 500 characters/);
    expect(await within(dialog).findByText('Say why in 3 to 500 characters.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Disable model' })).toBeDisabled();
    expect(puts).toEqual([]);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    server.use(
      http.put('*/api/v1/admin/models/:id', () =>
        HttpResponse.json(
          { error: 'OPERATOR_ONLY', message: 'You do not have access to this.' },
          { status: 403 },
        ),
      ),
    );
    const { user } = renderSection();
    await user.click(within(await card('Studio XL')).getByRole('switch'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'incident');
    await user.click(within(dialog).getByRole('button', { name: 'Disable model' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You do not have access to this.',
    );
  });

  it('pulls after confirmation and follows the progress live until it is loaded', async () => {
    const { user, realtime } = renderSection();
    const turbo = await card('SD-Turbo');
    await waitFor(() => expect(realtime.socket().joins('admin:models')).toHaveLength(1));
    act(() => realtime.socket().ack('SUBSCRIBED', 'admin:models'));
    await user.click(within(turbo).getByRole('button', { name: 'Pull' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pull sd-turbo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start pull' }));
    await waitFor(() => expect(pulls).toEqual(['turbo']));
    act(() =>
      realtime
        .socket()
        .send(
          'admin:models',
          'pull_progress',
          pullState({ bytes_done: 1_048_576, updated_at: '2026-11-26T01:00:01.000Z' }),
        ),
    );
    act(() =>
      realtime
        .socket()
        .send(
          'admin:models',
          'pull_progress',
          pullState({ bytes_done: 2_097_152, updated_at: '2026-11-26T01:00:03.000Z' }),
        ),
    );
    const bar = within(turbo).getByRole('progressbar', { name: 'Pull of turbo' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(within(turbo).getByText('2.0 MB of 4.0 MB · 512.0 KB/s')).toBeInTheDocument();
    expect(
      within(turbo).getByText('Downloading unet/model.onnx (file 2 of 6)'),
    ).toBeInTheDocument();
    expect(within(turbo).getByRole('button', { name: 'Pulling…' })).toBeDisabled();
    models = [
      gpuModel(),
      onnxModel({
        weights: {
          name: 'sd-turbo',
          installed: true,
          verified: true,
          problems: [],
          pullable: true,
        },
      }),
    ];
    act(() =>
      realtime
        .socket()
        .send('admin:models', 'pull_progress', pullState({ status: 'done', phase: 'install' })),
    );
    expect(
      await within(turbo).findByText('Pulled, verified and loaded: the model is ready.'),
    ).toBeInTheDocument();
    expect(await within(turbo).findByText('Verified')).toBeInTheDocument();
  });

  it('says why a pull failed', async () => {
    const { realtime } = renderSection();
    const turbo = await card('SD-Turbo');
    await waitFor(() => expect(realtime.socket().joins('admin:models')).toHaveLength(1));
    act(() => realtime.socket().ack('SUBSCRIBED', 'admin:models'));
    act(() =>
      realtime
        .socket()
        .send(
          'admin:models',
          'pull_progress',
          pullState({ status: 'failed', error: 'Checksum mismatch for unet/model.onnx' }),
        ),
    );
    expect(within(turbo).getByRole('alert')).toHaveTextContent(
      'The pull failed: Checksum mismatch for unet/model.onnx',
    );
  });

  it('says when the catalog cannot be loaded, with Try Again', async () => {
    server.use(
      http.get('*/api/v1/admin/models', () =>
        HttpResponse.json(
          { error: 'OPERATOR_ONLY', message: 'You do not have access to this.' },
          { status: 403 },
        ),
      ),
    );
    renderSection();
    expect(
      await screen.findByRole('heading', { name: 'The models could not be loaded' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
