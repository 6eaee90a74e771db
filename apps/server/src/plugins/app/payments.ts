import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '../../env';
import {
  createNowPaymentsClient,
  type FetchLike,
  type NowPaymentsClient,
} from '../../modules/billing/nowpayments-client';
import { loadPaymentsConfig, type PaymentsConfig } from '../../modules/billing/payments-config';

declare module 'fastify' {
  interface FastifyInstance {
    payments: { config: PaymentsConfig; client: NowPaymentsClient };
  }
}

/**
 * Calls this app in-process (the simulator lives here), so a simulated checkout works in tests
 * that never listen and costs no socket when the server does.
 */
function injectFetch(app: FastifyInstance, publicUrl: string): FetchLike {
  return async (input, init) => {
    const url = new URL(input);
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { ...(init.headers as Record<string, string>), host: new URL(publicUrl).host },
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    return new Response(response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? '') },
    });
  };
}

/**
 * `app.payments`: the NOWPayments settings and a client of the API they name (the provider's, or
 * the built-in simulator's without an API key).
 */
export default fp(
  async function paymentsPlugin(app: FastifyInstance, options: { env: Env }) {
    const { env } = options;
    const config = await loadPaymentsConfig({
      payments: env.PAYMENTS,
      publicUrl: env.PUBLIC_URL,
      dataDir: env.DATA_DIR,
    });
    const client = createNowPaymentsClient({
      apiUrl: config.apiUrl,
      apiKey: config.apiKey,
      fetch: config.simulated ? injectFetch(app, env.PUBLIC_URL) : undefined,
    });
    app.decorate('payments', { config, client });
  },
  { name: 'payments', dependencies: ['database'] },
);
