import { http, HttpResponse } from 'msw';
import type { Webhook, WebhookEventType } from '@nocturne/contract/webhooks/webhook';
import type { WebhookDelivery } from '@nocturne/contract/webhooks/webhook-deliveries';
import { server } from '../../support/msw-server';

/** A webhook as the list answers it. */
export function webhook(id: string, url: string, options: Partial<Webhook> = {}): Webhook {
  return {
    id,
    url,
    events: ['generation.completed'],
    created_at: '2026-11-20T10:00:00.000Z',
    ...options,
  };
}

/** A delivery as the deliveries route answers it. */
export function delivery(eventId: string, options: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    event_id: eventId,
    event: 'generation.completed',
    status: 'delivered',
    attempts: 1,
    created_at: '2026-11-21T09:30:00.000Z',
    next_attempt_at: null,
    last_answer: { status: 200, error: null },
    ...options,
  };
}

/** The secret a create answers with, once. */
export const NEW_SECRET = `whsec_${'ab'.repeat(32)}`;

/**
 * /api/v1/webhooks over a list held here, as the server keeps it, with each webhook's deliveries
 * in `deliveries`; the requests it got are in `calls`. `refuse` answers the next create with that
 * error instead.
 */
export function serveWebhooks(initial: Webhook[] = []) {
  const state = {
    webhooks: [...initial],
    deliveries: {} as Record<string, WebhookDelivery[]>,
    calls: [] as Array<{ method: string; url: string; body: unknown }>,
    refuse: null as { status: number; error: string; message: string } | null,
  };
  server.use(
    http.get('*/api/v1/webhooks', () => HttpResponse.json({ webhooks: state.webhooks })),
    http.get('*/api/v1/webhooks/:id/deliveries', ({ params }) =>
      HttpResponse.json({ deliveries: state.deliveries[String(params.id)] ?? [] }),
    ),
    http.post('*/api/v1/webhooks', async ({ request }) => {
      const body = (await request.json()) as { url: string; events: WebhookEventType[] };
      state.calls.push({ method: 'POST', url: request.url, body });
      const refused = state.refuse;
      state.refuse = null;
      if (refused) return HttpResponse.json(refused, { status: refused.status });
      const id = `w-${state.webhooks.length + 1}`;
      state.webhooks.push(webhook(id, body.url, { events: body.events }));
      return HttpResponse.json({ id, secret: NEW_SECRET }, { status: 201 });
    }),
    http.delete('*/api/v1/webhooks/:id', ({ request, params }) => {
      state.calls.push({ method: 'DELETE', url: request.url, body: null });
      state.webhooks = state.webhooks.filter((item) => item.id !== params.id);
      return HttpResponse.json({ deleted: true });
    }),
  );
  return state;
}
