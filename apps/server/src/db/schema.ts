import * as authSchema from './auth-schema';

/** Every table, as one object for drizzle's relational queries and better-auth's adapter. */
export const schema = { ...authSchema };
export type Schema = typeof schema;
