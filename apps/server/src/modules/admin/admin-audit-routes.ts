import {
  getAdminAuditQuerySchema,
  getAdminAuditResponseSchema,
} from '@nocturne/contract/admin/get-admin-audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAdminAudit } from '../admin-audit/find-admin-audit';
import { ADMIN_ROUTE } from './admin-route-schema';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 422);

/** The audit log: every operator action, newest first, optionally about one person. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        operationId: 'listAuditLog',
        summary: "Console: list the operators' actions, newest first",
        ...ADMIN_ROUTE,
        querystring: getAdminAuditQuerySchema,
        response: { 200: getAdminAuditResponseSchema, ...errors },
      },
    },
    async (request) => findAdminAudit({ db: app.database.db, query: request.query }),
  );
};
