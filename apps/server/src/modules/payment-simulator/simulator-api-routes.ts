import type { FastifyInstance, FastifyReply } from 'fastify';
import { createInvoiceRequestSchema } from '../payments/nowpayments-wire';
import { createSimulatorInvoice } from './create-simulator-invoice';
import { getSimulatorPayment } from './get-simulator-payment';
import { toInvoiceWire, toPaymentWire } from './simulator-wire';

/** The provider's error body, so the client meets the same answers it would in production. */
function providerError(reply: FastifyReply, statusCode: number, code: string, message: string) {
  return reply.status(statusCode).send({ status: false, statusCode, code, message });
}

/**
 * The NOWPayments API subset Nocturne calls, at /simulator/nowpayments/v1: create an invoice,
 * read a payment, the API status. Every call needs an `x-api-key` (any value), as the provider's do.
 */
export async function simulatorApiRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const apiKey = request.headers['x-api-key'];
    if (typeof apiKey !== 'string' || apiKey.trim() === '') {
      return providerError(reply, 403, 'INVALID_API_KEY', 'Invalid api key');
    }
  });

  app.get('/status', { schema: { hide: true } }, async () => ({ message: 'OK' }));

  app.post('/invoice', { schema: { hide: true } }, async (request, reply) => {
    const parsed = createInvoiceRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const message = `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`;
      return providerError(reply, 400, 'INVALID_REQUEST_PARAMS', message);
    }
    const invoice = await createSimulatorInvoice({ db: app.database.db, request: parsed.data });
    return reply.status(200).send(toInvoiceWire(invoice, app.payments.config.publicUrl));
  });

  app.get<{ Params: { paymentId: string } }>(
    '/payment/:paymentId',
    { schema: { hide: true } },
    async (request, reply) => {
      const { paymentId } = request.params;
      if (!/^\d{1,15}$/.test(paymentId)) {
        return providerError(reply, 400, 'INVALID_REQUEST_PARAMS', 'paymentID must be a number');
      }
      const found = await getSimulatorPayment({
        db: app.database.db,
        paymentId: Number(paymentId),
      });
      if (!found) return providerError(reply, 404, 'PAYMENT_NOT_FOUND', 'Payment not found');
      return toPaymentWire(found.payment, found.invoice);
    },
  );
}
