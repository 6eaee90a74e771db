import type { ServiceStatus } from '@nocturne/contract/admin/service-settings';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInHandlers } from '../../../../test/support/fixtures';
import { server } from '../../../../test/support/msw-server';
import { renderApp } from '../../../../test/support/render-app';

const OWL = '11111111-1111-4111-8111-111111111111';
const FOX = '22222222-2222-4222-8222-222222222222';
const favorite = (id: string, prompt: string) => ({
  id,
  generation_id: null,
  source_prompt: prompt,
  content_prompt: prompt,
  result_image_url: `/images/${id}.png`,
  created_at: '2026-11-20T10:00:00.000Z',
  settings: null,
});

let status: ServiceStatus;
let favorites: ReturnType<typeof favorite>[];
let chosen: { id: string; prompt: string; image_url: string; favorite_id: string }[];
const sent: { method: string; path: string; body: unknown }[] = [];

function record(method: string, path: string, answer: (body: unknown) => Response | object) {
  const handler = method === 'PUT' ? http.put : http.delete;
  return handler(`*/api/v1${path}`, async ({ request }) => {
    const body: unknown = method === 'PUT' ? await request.json() : null;
    sent.push({ method, path, body });
    const result = answer(body);
    return result instanceof Response ? result : HttpResponse.json(result);
  });
}

beforeEach(() => {
  sent.length = 0;
  status = { generation: 'on', message: '', announcement: null };
  favorites = [favorite(OWL, 'a moonlit owl'), favorite(FOX, 'a fox in snow')];
  chosen = [];
  server.use(
    ...signedInHandlers(),
    http.get('*/api/v1/admin/operator', () =>
      HttpResponse.json({ id: 'op', email: 'op@example.com' }),
    ),
    http.get('*/api/v1/admin/settings', () => HttpResponse.json(status)),
    http.get('*/api/v1/admin/landing-samples', () => HttpResponse.json({ samples: chosen })),
    http.get('*/api/v1/favorites', () => HttpResponse.json({ favorites, total: favorites.length })),
    record('PUT', '/admin/settings', (body) => {
      status = { ...status, ...(body as Partial<ServiceStatus>) };
      return status;
    }),
    record('PUT', '/admin/announcement', (body) => {
      status = {
        ...status,
        announcement: { id: 'a1', ...(body as object) } as ServiceStatus['announcement'],
      };
      return status;
    }),
    record('DELETE', '/admin/announcement', () => {
      status = { ...status, announcement: null };
      return status;
    }),
    record('PUT', '/admin/landing-samples', (body) => {
      const ids = (body as { favorite_ids: string[] }).favorite_ids;
      chosen = ids.map((id) => ({
        id,
        prompt: id,
        image_url: '/x.png',
        favorite_id: id,
      }));
      return { samples: chosen.map(({ favorite_id: _f, ...sample }) => sample) };
    }),
  );
});

const section = (name: string) => screen.findByRole('region', { name });

// The whole route tree with the console's lazy chunk: slow on a busy machine.
describe('the Settings page', { timeout: 20_000 }, () => {
  it('switches generation off with a message, previewed as the modal shows it', async () => {
    const { user } = renderApp('/admin/settings');
    const card = await section('Generation');
    await user.selectOptions(within(card).getByLabelText('Generation'), 'off');
    expect(within(card).getByTestId('generation-paused')).toHaveTextContent(/Generation is paused/);
    await user.type(within(card).getByLabelText('Message people see while paused'), 'Back at 6.');
    expect(within(card).getByTestId('generation-paused')).toHaveTextContent('Back at 6.');
    await user.click(within(card).getByRole('button', { name: 'Save generation switch' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Saved');
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/admin/settings',
        body: { generation: 'off', message: 'Back at 6.' },
      },
    ]);
  });

  it("shows the server's refusal of a save", async () => {
    server.use(
      http.put('*/api/v1/admin/settings', () =>
        HttpResponse.json(
          { error: 'VALIDATION_ERROR', message: 'message is too long.' },
          { status: 422 },
        ),
      ),
    );
    const { user } = renderApp('/admin/settings');
    const card = await section('Generation');
    await user.click(within(card).getByRole('button', { name: 'Save generation switch' }));
    // Known codes read as the catalogue's sentence (spec §8).
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      ERROR_CATALOGUE.VALIDATION_ERROR.message,
    );
  });

  it('publishes an announcement with its level and end time, previewed, and ends it', async () => {
    const { user } = renderApp('/admin/settings');
    const card = await section('Announcement');
    expect(card).toHaveTextContent('No announcement is shown.');
    await user.type(within(card).getByLabelText('Text'), 'Maintenance at 22:00 UTC.');
    await user.selectOptions(within(card).getByLabelText('Level'), 'warning');
    const endsAt = within(card).getByLabelText('Ends at (your time)');
    await user.clear(endsAt);
    await user.type(endsAt, '2020-01-01T10:00');
    await user.click(within(card).getByRole('button', { name: 'Publish announcement' }));
    expect(within(card).getByText('The end time must be in the future.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(endsAt);
    await user.type(endsAt, '2099-01-01T10:00');
    expect(within(card).getByTestId('announcement-preview')).toHaveTextContent(
      'Maintenance at 22:00 UTC.',
    );
    await user.click(within(card).getByRole('button', { name: 'Publish announcement' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Published.');
    const body = sent[0]?.body as { text: string; level: string; ends_at: string };
    expect(body).toMatchObject({ text: 'Maintenance at 22:00 UTC.', level: 'warning' });
    expect(Date.parse(body.ends_at)).toBeGreaterThan(Date.now());
    expect(card).toHaveTextContent('Shown now until');
    await user.click(within(card).getByRole('button', { name: 'End it now' }));
    expect(await within(card).findByText('Ended: nobody sees it now.')).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/admin/announcement' });
    await waitFor(() => expect(card).toHaveTextContent('No announcement is shown.'));
  });

  it(
    'picks landing samples from the favorites in the chosen order',
    { timeout: 20_000 },
    async () => {
      const { user } = renderApp('/admin/settings');
      const card = await section('Landing samples');
      await within(card).findByText('a fox in snow');
      const [owl, fox] = within(card).getAllByRole('checkbox');
      await user.click(owl!);
      await user.click(fox!);
      await user.click(within(card).getByRole('button', { name: 'Move “a fox in snow” earlier' }));
      expect(within(card).getByText('2 of 8 chosen')).toBeInTheDocument();
      await user.click(within(card).getByRole('button', { name: 'Save landing samples' }));
      expect(await within(card).findByRole('status')).toHaveTextContent(
        'Saved: the landing shows them now.',
      );
      expect(sent).toEqual([
        { method: 'PUT', path: '/admin/landing-samples', body: { favorite_ids: [FOX, OWL] } },
      ]);
    },
  );

  it('says where the favorites would appear when the operator has none', async () => {
    favorites = [];
    renderApp('/admin/settings');
    const card = await section('Landing samples');
    expect(await within(card).findByText(/Your favorites would appear here/)).toBeInTheDocument();
  });
});
