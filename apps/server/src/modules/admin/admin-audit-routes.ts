import {
  getAdminAuditQuerySchema,
  getAdminAuditResponseSchema,
} from '@nocturne/contract/admin/get-admin-audit';
import { errorResponseSchema } from '@nocturne/contract/errors/error-codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAdminAudit } from './find-admin-audit';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 422: errorResponseSchema };

/** The audit log: every operator action, newest first, optionally about one person. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        querystring: getAdminAuditQuerySchema,
        response: { 200: getAdminAuditResponseSchema, ...errors },
      },
    },
    async (request) => findAdminAudit({ db: app.database.db, query: request.query }),
  );
};
