import {
  adminPaymentIdParamsSchema,
  findAdminPaymentsQuerySchema,
  findAdminPaymentsResponseSchema,
  getAdminPaymentResponseSchema,
  reconcileAdminPaymentResponseSchema,
} from '@nocturne/contract/admin/admin-payments';
import {
  findAdminSubscriptionsQuerySchema,
  findAdminSubscriptionsResponseSchema,
} from '@nocturne/contract/admin/admin-subscriptions';
import { personIdParamsSchema } from '@nocturne/contract/admin/find-people';
import { grantPlanBodySchema, grantPlanResponseSchema } from '@nocturne/contract/admin/plan-grant';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRequestOperator } from '../../operators/require-operator';
import { findAdminPayments } from '../../billing/find-admin-payments';
import { findAdminSubscriptions } from '../../subscriptions/find-admin-subscriptions';
import { getAdminPayment } from '../../billing/get-admin-payment';
import { grantPlanByHand } from '../../billing/grant-plan-by-hand';
import { reconcileAdminPayment } from './reconcile-admin-payment';
import { ADMIN_ROUTE } from '../admin-route-schema';
import { errorResponses } from '../../../lib/error-responses';

const errors = errorResponses(401, 403, 404, 422);

/** The console's Payments section: payments, subscriptions, reconcile now, a plan by hand. */
export const paymentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/payments',
    {
      schema: {
        operationId: 'listPayments',
        summary: 'Console: find payments',
        ...ADMIN_ROUTE,
        querystring: findAdminPaymentsQuerySchema,
        response: { 200: findAdminPaymentsResponseSchema, ...errors },
      },
    },
    async (request) => findAdminPayments({ db, query: request.query }),
  );

  app.get(
    '/payments/:id',
    {
      schema: {
        operationId: 'getPayment',
        summary: 'Console: get a payment, its history and what the provider sent',
        ...ADMIN_ROUTE,
        params: adminPaymentIdParamsSchema,
        response: { 200: getAdminPaymentResponseSchema, ...errors },
      },
    },
    async (request) => getAdminPayment({ db, paymentId: request.params.id }),
  );

  app.post(
    '/payments/:id/reconcile',
    {
      schema: {
        operationId: 'reconcilePayment',
        summary: "Console: ask the payment provider for a payment's status now",
        ...ADMIN_ROUTE,
        params: adminPaymentIdParamsSchema,
        response: {
          200: reconcileAdminPaymentResponseSchema,
          409: errorResponseSchema,
          503: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request) =>
      reconcileAdminPayment({
        unitOfWork: app.unitOfWork,
        db,
        client: app.payments.client,
        operator: getRequestOperator(request),
        paymentId: request.params.id,
      }),
  );

  app.get(
    '/subscriptions',
    {
      schema: {
        operationId: 'listSubscriptions',
        summary: 'Console: find subscriptions',
        ...ADMIN_ROUTE,
        querystring: findAdminSubscriptionsQuerySchema,
        response: { 200: findAdminSubscriptionsResponseSchema, ...errors },
      },
    },
    async (request) => findAdminSubscriptions({ db, query: request.query }),
  );

  app.post(
    '/users/:id/plan',
    {
      schema: {
        operationId: 'grantPersonPlan',
        summary: 'Console: grant a person a plan for a payment proven by hand',
        ...ADMIN_ROUTE,
        params: personIdParamsSchema,
        body: grantPlanBodySchema,
        response: { 200: grantPlanResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { config } = app.payments;
      const { plan } = request.body;
      return grantPlanByHand({
        unitOfWork: app.unitOfWork,
        operator: getRequestOperator(request),
        userId: request.params.id,
        ...request.body,
        priceUsd: plan === 'lifetime' ? config.lifetimePriceUsd : config.monthlyPriceUsd,
      });
    },
  );
};
