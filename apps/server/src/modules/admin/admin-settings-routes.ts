import {
  putAnnouncementRequestSchema,
  putServiceSettingsRequestSchema,
  serviceStatusSchema,
} from '@nocturne/contract/admin/service-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { ServiceSettingsChange } from '../service-settings/update-service-settings';
import { updateServiceSettings } from '../service-settings/update-service-settings';
import { toServiceStatus } from '../service-settings/service-settings-repository';
import { getRequestOperator } from '../operators/require-operator';
import { ADMIN_ROUTE } from './admin-route-schema';
import { errorResponses } from '../../lib/error-responses';

const errors = errorResponses(401, 403, 422);

/** Settings: the generation switch and the announcement banner, each change audited. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const change = async (
    operator: ReturnType<typeof getRequestOperator>,
    c: ServiceSettingsChange,
  ) => {
    const after = await updateServiceSettings({ unitOfWork: app.unitOfWork, operator, change: c });
    app.serviceSettings.forget();
    return toServiceStatus(after, new Date());
  };

  app.get(
    '/settings',
    {
      schema: {
        operationId: 'getServiceSettings',
        summary: 'Console: get the generation switch and the announcement',
        ...ADMIN_ROUTE,
        response: { 200: serviceStatusSchema, ...errors },
      },
    },
    () => app.serviceSettings.status(),
  );

  app.put(
    '/settings',
    {
      schema: {
        operationId: 'updateServiceSettings',
        summary: 'Console: open generation to everyone, to premium only, or to nobody',
        ...ADMIN_ROUTE,
        body: putServiceSettingsRequestSchema,
        response: { 200: serviceStatusSchema, ...errors },
      },
    },
    (request) => change(getRequestOperator(request), { kind: 'switch', settings: request.body }),
  );

  app.put(
    '/announcement',
    {
      schema: {
        operationId: 'setAnnouncement',
        summary: 'Console: show an announcement banner to everyone signed in',
        ...ADMIN_ROUTE,
        body: putAnnouncementRequestSchema,
        response: { 200: serviceStatusSchema, ...errors },
      },
    },
    (request) => {
      if (Date.parse(request.body.ends_at) <= Date.now()) {
        throw new AppError('VALIDATION_ERROR', { message: 'ends_at must be in the future.' });
      }
      return change(getRequestOperator(request), {
        kind: 'announcement',
        announcement: request.body,
      });
    },
  );

  app.delete(
    '/announcement',
    {
      schema: {
        operationId: 'deleteAnnouncement',
        summary: 'Console: take the announcement banner down',
        ...ADMIN_ROUTE,
        response: { 200: serviceStatusSchema, ...errors },
      },
    },
    (request) => change(getRequestOperator(request), { kind: 'announcement', announcement: null }),
  );
};
