import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DEFAULT_PREFERENCES } from '@nocturne/contract/users/preferences';

/** Signed-out defaults: every test starts with no session and no token. */
export const defaultHandlers = [
  http.get('*/api/auth/get-session', () => HttpResponse.json(null)),
  http.get('*/api/auth/token', () =>
    HttpResponse.json({ code: 'UNAUTHORIZED', message: 'Unauthorized' }, { status: 401 }),
  ),
  http.get('*/health', () => HttpResponse.json({ status: 'ok' })),
  // The signed-in shell shows credits and joins the credits channel: a quiet standard user, and no
  // realtime server (tests that need one inject a fake socket).
  http.get('*/api/v1/credits', () =>
    HttpResponse.json({
      balance: 10,
      user_type: 'standard',
      is_premium: false,
      next_eligible_at: null,
      can_request_credits: false,
    }),
  ),
  http.get('*/api/v1/credits/history', () => HttpResponse.json({ history: [], total: 0 })),
  http.get('*/api/v1/image-engine', () =>
    HttpResponse.json({ backend: 'onnx', model: 'sd-turbo', is_preview: false, notice: null }),
  ),
  // A catalog of one free model, the default, that honours every option.
  http.get('*/api/v1/models', () =>
    HttpResponse.json({
      models: [
        {
          id: 'sd-turbo',
          name: 'SD-Turbo',
          description: 'Fast general-purpose images.',
          tier: 'free',
          credit_cost: 1,
          available: true,
          unavailable_reason: null,
          is_default: true,
          is_preview: false,
          licence: null,
          ignored_options: [],
          capabilities: { variations: false, upscale: [], inpaint: false, withheld_reason: null },
          variation_cost: 1,
          upscale_cost: 1,
        },
      ],
    }),
  ),
  http.get('*/api/v1/service-status', () =>
    HttpResponse.json({ generation: 'on', message: '', announcement: null }),
  ),
  http.get('*/api/v1/generations', () => HttpResponse.json({ generations: [], total: 0 })),
  http.get('*/api/v1/favorites', () => HttpResponse.json({ favorites: [], total: 0 })),
  http.get('*/api/v1/presets', () => HttpResponse.json({ presets: [] })),
  http.get('*/api/v1/characters', () => HttpResponse.json({ characters: [] })),
  http.get('*/api/v1/wildcards', () => HttpResponse.json({ wildcards: [], shared: [] })),
  http.get('*/api/v1/webhooks', () => HttpResponse.json({ webhooks: [] })),
  http.get('*/api/v1/api-keys', () => HttpResponse.json({ api_keys: [] })),
  http.get('*/api/v1/admin/users/:id/api-keys', () => HttpResponse.json({ api_keys: [] })),
  http.get('*/api/v1/admin/wildcards', () => HttpResponse.json({ wildcards: [] })),
  http.get('*/api/v1/user/preferences', () => HttpResponse.json(DEFAULT_PREFERENCES)),
  // /subscription: a user who never subscribed, at the default prices.
  http.get('*/api/v1/subscriptions/status', () => HttpResponse.json({ has_subscription: false })),
  http.get('*/api/v1/subscriptions/price', () =>
    HttpResponse.json({
      nowpayments: 29,
      lifetime: 299,
      currency: 'usd',
      support_email: 'support@nocturne.test',
    }),
  ),
  http.get('*/realtime/*', () => HttpResponse.error()),
];

export const server = setupServer(...defaultHandlers);
