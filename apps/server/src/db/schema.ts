import * as modelPullsTables from '../modules/admin/models/model-pulls-tables';
import * as adminAuditTables from '../modules/admin-audit/admin-audit-tables';
import * as apiKeysTables from '../modules/api-keys/api-keys-tables';
import * as authTables from '../modules/auth/auth-tables';
import * as billingTables from '../modules/billing/billing-tables';
import * as charactersTables from '../modules/characters/characters-tables';
import * as creditsTables from '../modules/credits/credits-tables';
import * as generationsTables from '../modules/generations/generations-tables';
import * as landingSamplesTables from '../modules/landing-samples/landing-samples-tables';
import * as modelSwitchesTables from '../modules/models/model-switches-tables';
import * as workerModelsTables from '../modules/models/worker-models-tables';
import * as moderationTables from '../modules/moderation/moderation-tables';
import * as noticesTables from '../modules/notices/notices-tables';
import * as operatorsTables from '../modules/operators/operators-tables';
import * as paymentSimulatorTables from '../modules/payment-simulator/payment-simulator-tables';
import * as presetsTables from '../modules/presets/presets-tables';
import * as serviceSettingsTables from '../modules/service-settings/service-settings-tables';
import * as subscriptionsTables from '../modules/subscriptions/subscriptions-tables';
import * as usersTables from '../modules/users/users-tables';
import * as webhooksTables from '../modules/webhooks/webhooks-tables';
import * as wildcardsTables from '../modules/wildcards/wildcards-tables';

/**
 * Every table, as one object for drizzle's relational queries and better-auth's adapter. Each
 * module declares its own tables in its `*-tables.ts`, and only that module queries them
 * (docs/architecture.md#the-parts).
 */
export const schema = {
  ...modelPullsTables,
  ...adminAuditTables,
  ...apiKeysTables,
  ...authTables,
  ...billingTables,
  ...charactersTables,
  ...creditsTables,
  ...generationsTables,
  ...landingSamplesTables,
  ...modelSwitchesTables,
  ...workerModelsTables,
  ...moderationTables,
  ...noticesTables,
  ...operatorsTables,
  ...paymentSimulatorTables,
  ...presetsTables,
  ...serviceSettingsTables,
  ...subscriptionsTables,
  ...usersTables,
  ...webhooksTables,
  ...wildcardsTables,
};
export type Schema = typeof schema;
