import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { applyPaymentUpdate, type PaymentUpdateOutcome } from './apply-payment-update';
import { IPN_BODY_LIMIT_BYTES, readIpnBodyTap, tapIpnBody } from './ipn-body-tap';
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
 * The body is limited to what an IPN needs (IPN_BODY_LIMIT_BYTES, else 413); an unauthenticated
 * delivery (bad or missing signature, unparsable, too large) leaves a bounded audit row only.
 */
export const ipnRoutes: FastifyPluginAsyncZod<{ maxPerMinute: number }> = async (app, options) => {
  app.post(
    IPN_PATH,
    {
      schema: {
        // NOWPayments calls it, never a client: left out of the API document.
        hide: true,
        tags: ['payments'],
        summary: 'NOWPayments instant payment notification',
        headers: z.looseObject({ [IPN_SIGNATURE_HEADER]: z.string().optional() }),
        body: rawIpnBodySchema,
        response: { 200: z.object({ status: z.literal('ok') }), 401: errorResponseSchema },
      },
      // NOWPayments posts from a handful of addresses, a burst per payment (one IPN per status,
      // retries on any non-2xx): the global per-IP limit would refuse a busy day's deliveries.
      config: { rateLimit: { max: options.maxPerMinute, timeWindow: 60_000 } },
      bodyLimit: IPN_BODY_LIMIT_BYTES,
      preParsing: async (request, _reply, payload) => tapIpnBody(request, payload),
      // A delivery refused before the handler (unparsable, too large) is recorded with the status
      // it is about to be answered with, before the answer leaves.
      onSend: async (request, reply, payload) => {
        if (readIpnBodyTap(request)?.recorded !== false || reply.statusCode < 400) return payload;
        const { statusCode } = reply;
        const outcome = statusCode === 413 ? 'too_large' : 'unparsable';
        await recordIpnDelivery({
          db: app.database.db,
          request,
          statusCode,
          outcome,
          signatureValid: false,
        }).catch((error: unknown) =>
          request.log.error({ err: error }, 'IPN audit row not written'),
        );
        return payload;
      },
    },
    async (request) => {
      const { body } = request;
      const db = app.database.db;
      const signature = request.headers[IPN_SIGNATURE_HEADER];
      if (!verifyIpnSignature(body, signature, app.payments.config.ipnSecret)) {
        await recordIpnDelivery({
          db,
          request,
          body,
          signatureValid: false,
          statusCode: 401,
          outcome: 'unverified',
        });
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
          await recordIpnDelivery({
            db,
            request,
            body,
            signatureValid: true,
            statusCode: 500,
            outcome: 'rejected:error',
          });
          throw error;
        }
      }
      if (outcome !== 'applied') request.log.info({ outcome, body }, 'IPN not applied');
      await recordIpnDelivery({
        db,
        request,
        body,
        signatureValid: true,
        statusCode: 200,
        outcome,
      });
      return { status: 'ok' as const };
    },
  );
};
