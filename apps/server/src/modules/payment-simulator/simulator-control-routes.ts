import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIMULATOR_OUTCOMES } from '../../db/payment-statuses';
import { paymentStatusSchema } from '../payments/nowpayments-wire';
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
 * POST /simulator/nowpayments/invoices/{id}/pay: what the invoice page's buttons do, for tests and
 * demos. Answers once every IPN of the sequence has been delivered.
 */
export const simulatorControlRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/invoices/:id/pay',
    {
      schema: {
        hide: true,
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        body: payInvoiceBodySchema,
        response: { 200: payInvoiceResponseSchema },
      },
    },
    async (request) => {
      const { body } = request;
      return paySimulatorInvoice(app, request.params.id, {
        outcome: body.outcome,
        payCurrency: body.pay_currency,
        duplicates: body.duplicates,
        outOfOrder: body.out_of_order,
      });
    },
  );
};
