import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { SERVER_ROOT } from '../../lib/server-root';
import { SIMULATOR_PREFIX } from '../billing/payments-config';
import { findSimulatorInvoice } from './find-simulator-invoice';
import { INVOICE_PAGE_SCRIPT_PATH, renderInvoicePage } from './render-invoice-page';
import { simulatorApiRoutes } from './simulator-api-routes';
import { simulatorControlRoutes } from './simulator-control-routes';

/**
 * The built-in NOWPayments simulator, mounted at
 * SIMULATOR_PREFIX only when no real API key is configured: the provider's API subset under /v1,
 * the hosted invoice page with its script, and the control endpoint the page's buttons call. The
 * page and the control are addressed by the invoice's page secret: whoever holds the invoice_url
 * (the person who checked out) can pay; a sequential id reaches nothing.
 */
export async function paymentSimulatorRoutes(app: FastifyInstance) {
  // Served as-is to the browser, so it stays a plain file beside this module (not bundled).
  const script = await readFile(
    path.join(SERVER_ROOT, 'src/modules/payment-simulator/invoice-page.js'),
    'utf8',
  );

  await app.register(simulatorApiRoutes, { prefix: '/v1' });
  await app.register(simulatorControlRoutes);

  app.get(
    INVOICE_PAGE_SCRIPT_PATH.slice(SIMULATOR_PREFIX.length),
    { schema: { hide: true } },
    (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );

  app.get<{ Params: { token: string } }>(
    '/invoice/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const { token } = request.params;
      const invoice = await findSimulatorInvoice({ db: app.database.db, pageToken: token });
      if (!invoice) throw new AppError('NOT_FOUND');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(renderInvoicePage(invoice, token));
    },
  );
}
