import * as authSchema from './auth-schema';
import * as creditsSchema from './credits-schema';

/** Every table, as one object for drizzle's relational queries and better-auth's adapter. */
export const schema = { ...authSchema, ...creditsSchema };
export type Schema = typeof schema;
