import type { FastifyPluginAsync } from 'fastify';
import { adminAuditRoutes } from './admin-audit-routes';
import { adminModelRoutes } from './models/admin-model-routes';
import { operatorChannels } from './operator-channels';
import { peopleRoutes } from './people/people-routes';
import { adminLandingSamplesRoutes } from './admin-landing-samples-routes';
import { adminSettingsRoutes } from './admin-settings-routes';
import { moderationListRoutes } from './moderation-list-routes';
import { operatorRoutes } from './operator-routes';
import { paymentAdminRoutes } from './payments/payment-admin-routes';
import { overviewRoutes } from './overview/overview-routes';
import { refusalRoutes } from './refusal-routes';
import { requireOperator, type OperatorSettings } from '../operators/require-operator';
import { adminWildcardRoutes } from '../wildcards/admin-wildcard-routes';
import { adminApiKeyRoutes } from '../api-keys/admin-api-key-routes';

/**
 * The operator console's API at /api/v1/admin (decision 056). One hook guards every route
 * registered here; routes register inside this plugin and nowhere else.
 */
export const adminPlugin: FastifyPluginAsync<{ operators: OperatorSettings }> = async (
  app,
  options,
) => {
  const gate = { ...options.operators, suspensionHours: app.moderation.suspensionHours };
  app.decorateRequest('operator', null);
  app.addHook('preValidation', requireOperator(app.database.db, gate));
  await app.register(operatorRoutes);
  await app.register(adminAuditRoutes);
  await app.register(peopleRoutes, { operators: options.operators });
  await app.register(adminSettingsRoutes);
  await app.register(adminLandingSamplesRoutes);
  await app.register(refusalRoutes);
  await app.register(moderationListRoutes);
  await app.register(paymentAdminRoutes);
  await app.register(adminModelRoutes);
  await app.register(adminWildcardRoutes);
  await app.register(adminApiKeyRoutes);
  await app.register(operatorChannels, { gate });
  await app.register(overviewRoutes);
};
