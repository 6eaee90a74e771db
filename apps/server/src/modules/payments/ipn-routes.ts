import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { applyPaymentUpdate, type PaymentUpdateOutcome } from './apply-payment-update';
import { IPN_SIGNATURE_HEADER, ipnBodySchema } from './nowpayments-wire';
import { IPN_PATH } from './payments-config';
import { recordIpnDelivery } from './record-ipn-delivery';
import { verifyIpnSignature } from './sign-ipn-body';

/**
 * The body is kept exactly as parsed from JSON: the signature covers it key-sorted, so a schema
 * that coerced or dropped anything before verification would break every signature.
 */
const rawIpnBodySchema = z
  .record(z.string(), z.unknown())
  .describe('The NOWPayments payment object, signed in x-nowpayments-sig');

/**
 * POST /api/v1/payments/nowpayments/ipn, outside /api/v1's bearer-token scope (the provider
 * signs, it has no session). Every delivery is recorded; a valid one is answered 200 whatever
 * became of it (duplicate, stale, rejected), since any other status only makes the provider retry.
 */
export const ipnRoutes: FastifyPluginAsyncZod<{ maxPerMinute: number }> = async (app, options) => {
  app.post(
    IPN_PATH,
    {
      schema: {
        tags: ['payments'],
        summary: 'NOWPayments instant payment notification',
        headers: z.looseObject({ [IPN_SIGNATURE_HEADER]: z.string().optional() }),
        body: rawIpnBodySchema,
        response: { 200: z.object({ status: z.literal('ok') }), 401: errorResponseSchema },
      },
      // NOWPayments posts from a handful of addresses, a burst per payment (one IPN per status,
      // retries on any non-2xx): the global per-IP limit would refuse a busy day's deliveries.
      config: { rateLimit: { max: options.maxPerMinute, timeWindow: 60_000 } },
    },
    async (request) => {
      const { body } = request;
      const db = app.database.db;
      const signature = request.headers[IPN_SIGNATURE_HEADER];
      if (!verifyIpnSignature(body, signature, app.payments.config.ipnSecret)) {
        await recordIpnDelivery({ db, body, signatureValid: false, outcome: 'unverified' });
        throw new AppError('UNAUTHORIZED', { message: 'Invalid IPN signature' });
      }
      const parsed = ipnBodySchema.safeParse(body);
      let outcome: PaymentUpdateOutcome = 'rejected:malformed';
      if (parsed.success) {
        try {
          outcome = await applyPaymentUpdate({
            unitOfWork: app.unitOfWork,
            client: app.payments.client,
            update: parsed.data,
            source: 'ipn',
          });
        } catch (error) {
          // A 500 makes the provider deliver again; reconciliation covers it too.
          await recordIpnDelivery({ db, body, signatureValid: true, outcome: 'rejected:error' });
          throw error;
        }
      }
      if (outcome !== 'applied') request.log.info({ outcome, body }, 'IPN not applied');
      await recordIpnDelivery({ db, body, signatureValid: true, outcome });
      return { status: 'ok' as const };
    },
  );
};
