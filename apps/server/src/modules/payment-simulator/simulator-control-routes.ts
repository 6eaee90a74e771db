import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIMULATOR_OUTCOMES } from '../../db/payment-statuses';
import { AppError } from '../../lib/app-error';
import { paymentStatusSchema } from '../billing/nowpayments-wire';
import { findSimulatorInvoice } from './find-simulator-invoice';
import { paySimulatorInvoice } from './pay-simulator-invoice';
import { SIMULATOR_COIN_CODES } from './simulator-coins';

const payInvoiceBodySchema = z.object({
  outcome: z.enum(SIMULATOR_OUTCOMES),
  pay_currency: z.enum(SIMULATOR_COIN_CODES).optional(),
  /** Each IPN delivered twice, concurrently. */
  duplicates: z.boolean().optional(),
  /** The second status of the sequence delivered last (confirming after finished). */
  out_of_order: z.boolean().optional(),
});

const payInvoiceResponseSchema = z.object({
  payment_id: z.number(),
  outcome: z.enum(SIMULATOR_OUTCOMES),
  deliveries: z.array(z.object({ payment_status: paymentStatusSchema, status_code: z.number() })),
  redirect_url: z.string(),
});

/**
 * POST /simulator/nowpayments/invoices/{page secret}/pay: what the invoice page's buttons do, for
 * tests and demos. Only the invoice's page secret (in its invoice_url) reaches it: an unknown or
 * malformed secret, or a numeric invoice id, is 404. Answers once every IPN has been delivered.
 */
export const simulatorControlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/invoices/:token/pay',
    {
      schema: {
        hide: true,
        params: z.object({ token: z.string() }),
        body: payInvoiceBodySchema,
        response: { 200: payInvoiceResponseSchema },
      },
    },
    async (request) => {
      const { body } = request;
      const pageToken = request.params.token;
      const invoice = await findSimulatorInvoice({ db: app.database.db, pageToken });
      if (!invoice) throw new AppError('NOT_FOUND');
      return paySimulatorInvoice(app, invoice, {
        outcome: body.outcome,
        payCurrency: body.pay_currency,
        duplicates: body.duplicates,
        outOfOrder: body.out_of_order,
      });
    },
  );
};
