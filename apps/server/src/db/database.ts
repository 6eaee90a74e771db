import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ListenLine } from './listen-in-line';
import type { Schema } from './schema';

/** The drizzle handle every module uses; the same on PGlite and node-postgres. */
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * A database or an open transaction (a drizzle transaction is a PgDatabase too). Service functions
 * take one so callers can compose them inside their own transaction; `handle.transaction()` on a
 * transaction opens a savepoint.
 */
export type DbHandle = AppDb;

/** An open, migrated database and how to release it. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: AppDb;
  /** Runs `select 1`; rejects when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * LISTENs on `channel` and calls `onNotify` for every NOTIFY on it. Resolves with a function
   * that stops listening. On PostgreSQL every channel shares one dedicated connection
   * (listening-session.ts): a pooled connection may be handed to someone else.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * A place in line `line` for `channel`'s wake-ups: of the sessions in one line only the head
   * listens (listen-in-line.ts). On PostgreSQL this holds one dedicated connection.
   */
  listenInLine(channel: string, line: string, onWake: () => void): Promise<ListenLine>;
  /** Releases connections; PGlite must be closed or the process never exits. */
  close(): Promise<void>;
}
