import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import {
  createSubscriptionBodySchema,
  createSubscriptionResponseSchema,
} from '@nocturne/contract/subscriptions/create-subscription';
import { getActiveSubscriptionResponseSchema } from '@nocturne/contract/subscriptions/get-active-subscription';
import { subscriptionPriceResponseSchema } from '@nocturne/contract/subscriptions/get-subscription-price';
import { subscriptionStatusResponseSchema } from '@nocturne/contract/subscriptions/get-subscription-status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptEmptyJsonBody } from '../../lib/accept-empty-json-body';
import { getRequestUser } from '../auth/get-request-user';
import { createCheckout } from './create-checkout';
import { expireLapsedSubscriptions } from '../subscriptions/expire-lapsed-subscriptions';
import { getSubscriptionStatus } from './get-subscription-status';

const tags = ['subscriptions'];
const security = [{ bearer: [] }];

// The spec's client posts no body (or an empty JSON one): that buys the monthly plan.
const createRoute: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBody(app);
  app.post(
    '/subscriptions/create',
    {
      schema: {
        operationId: 'createSubscription',
        summary: 'Subscribe to Premium, monthly or lifetime: create its payment invoice',
        tags,
        security,
        // No body at all reaches validation as null.
        body: createSubscriptionBodySchema.nullish(),
        response: {
          200: createSubscriptionResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const plan = request.body?.plan ?? 'monthly';
      const { invoiceUrl } = await createCheckout({
        db: app.database.db,
        payments: app.payments,
        userId: getRequestUser(request).id,
        item: { purpose: 'subscription', plan },
      });
      // The page adds 'Complete your payment to activate Premium' itself (spec §2): say what was billed.
      const { monthlyPriceUsd, lifetimePriceUsd } = app.payments.config;
      const what = plan === 'monthly' ? 'one month of Premium' : 'lifetime Premium';
      const price = plan === 'monthly' ? monthlyPriceUsd : lifetimePriceUsd;
      return {
        message: `Invoice created: ${what} for $${price.toFixed(2)}.`,
        invoice_url: invoiceUrl,
      };
    },
  );
};

/** Mounted under /api/v1 (bearer token required). */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(createRoute);

  app.get(
    '/subscriptions/status',
    {
      schema: {
        operationId: 'getSubscriptionStatus',
        summary: "Get your Premium subscription's status",
        tags,
        security,
        response: { 200: subscriptionStatusResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) =>
      getSubscriptionStatus({ db: app.database.db, userId: getRequestUser(request).id }),
  );

  app.get(
    '/subscriptions/price',
    {
      schema: {
        operationId: 'getSubscriptionPrice',
        summary: 'Get the Premium prices',
        tags,
        security,
        response: { 200: subscriptionPriceResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => {
      const { config } = app.payments;
      return {
        nowpayments: config.monthlyPriceUsd,
        lifetime: config.lifetimePriceUsd,
        currency: 'usd' as const,
        support_email: config.supportEmail,
      };
    },
  );

  app.get(
    '/subscriptions/active',
    {
      schema: {
        operationId: 'checkActiveSubscription',
        summary: 'Check your Premium subscription, ending it if it has lapsed',
        tags,
        security,
        response: { 200: getActiveSubscriptionResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const userId = getRequestUser(request).id;
      const expired = await app.unitOfWork.transaction((tx, events) =>
        expireLapsedSubscriptions({ tx, events, userId }),
      );
      return { was_expired: expired.length > 0 };
    },
  );
};
