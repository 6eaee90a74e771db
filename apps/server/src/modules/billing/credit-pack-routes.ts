import {
  getCreditHistoryQuerySchema,
  getCreditHistoryResponseSchema,
} from '@nocturne/contract/credits/get-credit-history';
import { getCreditPackagesResponseSchema } from '@nocturne/contract/credits/get-credit-packages';
import {
  topUpCreditsBodySchema,
  topUpCreditsResponseSchema,
} from '@nocturne/contract/credits/top-up-credits';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRequestUser } from '../auth/get-request-user';
import { createCheckout } from './create-checkout';
import { findCreditHistory } from './find-credit-history';

const tags = ['credits'];
const security = [{ bearer: [] }];

/**
 * Credit packs for sale and their checkout, and the credit history (what each change of the
 * balance was for: an image's prompt, a pack), mounted under /api/v1 (bearer token required).
 * Premium users may buy packs too: the credits wait in the balance for after premium.
 */
export const creditPackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/credits/packages',
    {
      schema: {
        operationId: 'listCreditPackages',
        summary: 'List the credit packs for sale',
        tags,
        security,
        response: { 200: getCreditPackagesResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ packages: app.payments.config.creditPackages }),
  );

  app.post(
    '/credits/topup',
    {
      schema: {
        operationId: 'topUpCredits',
        summary: 'Buy a credit pack: create its payment invoice',
        tags,
        security,
        body: topUpCreditsBodySchema,
        response: {
          200: topUpCreditsResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { invoiceUrl } = await createCheckout({
        db: app.database.db,
        payments: app.payments,
        userId: getRequestUser(request).id,
        item: { purpose: 'credits', packageId: request.body.package_id },
      });
      return {
        message: 'Invoice created. Complete your payment to receive your credits.',
        invoice_url: invoiceUrl,
      };
    },
  );

  app.get(
    '/credits/history',
    {
      schema: {
        operationId: 'getCreditHistory',
        summary: 'List your credit history: what each change of your balance was for',
        tags,
        security,
        querystring: getCreditHistoryQuerySchema,
        response: {
          200: getCreditHistoryResponseSchema,
          401: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) =>
      findCreditHistory({
        db: app.database.db,
        userId: getRequestUser(request).id,
        query: request.query,
      }),
  );
};
