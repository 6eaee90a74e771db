import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Schema } from './schema';

/** The drizzle handle every module uses; the same on PGlite and node-postgres. */
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;

/** An open, migrated database and how to release it. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: AppDb;
  /** Runs `select 1`; rejects when the database cannot answer. */
  ping(): Promise<void>;
  /** Releases connections; PGlite must be closed or the process never exits. */
  close(): Promise<void>;
}
