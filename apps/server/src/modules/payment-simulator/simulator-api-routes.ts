import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createInvoiceRequestSchema } from '../billing/nowpayments-wire';
import { createSimulatorInvoice } from './create-simulator-invoice';
import { getSimulatorPayment } from './get-simulator-payment';
import { foreignUrlProblem } from './own-urls';
import { toInvoiceWire, toPaymentWire } from './simulator-wire';

/** The provider's error body, so the client meets the same answers it would in production. */
function providerError(reply: FastifyReply, statusCode: number, code: string, message: string) {
  return reply.status(statusCode).send({ status: false, statusCode, code, message });
}

/** Constant-time comparison of a presented key with this server's. */
function isApiKey(presented: unknown, expected: string): boolean {
  if (typeof presented !== 'string') return false;
  const given = Buffer.from(presented);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * The NOWPayments API subset Nocturne calls, at /simulator/nowpayments/v1: create an invoice,
 * read a payment, the API status. Every call needs this server's simulator key in `x-api-key`
 * (payments-config.ts), as the provider's need the merchant's key: 403 otherwise. An invoice must
 * call back this server's IPN route and send people back to this server only (own-urls.ts).
 */
export async function simulatorApiRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiKey(request.headers['x-api-key'], app.payments.config.apiKey)) {
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
    const { publicUrl } = app.payments.config;
    const foreign = foreignUrlProblem(parsed.data, publicUrl);
    if (foreign) return providerError(reply, 400, 'INVALID_REQUEST_PARAMS', foreign);
    const created = await createSimulatorInvoice({ db: app.database.db, request: parsed.data });
    return reply.status(200).send(toInvoiceWire(created.invoice, created.pageToken, publicUrl));
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
