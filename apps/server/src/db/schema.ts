import * as adminSchema from './admin-schema';
import * as authSchema from './auth-schema';
import * as creditsSchema from './credits-schema';
import * as generationsSchema from './generations-schema';
import * as moderationSchema from './moderation-schema';
import * as modelPullsSchema from './model-pulls-schema';
import * as modelSwitchesSchema from './model-switches-schema';
import * as paymentSimulatorSchema from './payment-simulator-schema';
import * as paymentsSchema from './payments-schema';
import * as presetsSchema from './presets-schema';
import * as usersSchema from './users-schema';
import * as workerModelsSchema from './worker-models-schema';

/** Every table, as one object for drizzle's relational queries and better-auth's adapter. */
export const schema = {
  ...adminSchema,
  ...authSchema,
  ...creditsSchema,
  ...generationsSchema,
  ...moderationSchema,
  ...modelPullsSchema,
  ...modelSwitchesSchema,
  ...paymentSimulatorSchema,
  ...paymentsSchema,
  ...presetsSchema,
  ...usersSchema,
  ...workerModelsSchema,
};
export type Schema = typeof schema;
