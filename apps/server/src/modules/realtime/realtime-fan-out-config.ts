/**
 * Where events cross processes: Redis when `redisUrl` is set, else PostgreSQL when `databaseUrl`
 * is set, else nowhere (PGlite is one process, so every client is connected to it).
 */
export interface RealtimeFanOutConfig {
  databaseUrl?: string | undefined;
  redisUrl?: string | undefined;
}

/**
 * Above PostgreSQL's 8000-byte NOTIFY limit the Socket.IO PostgreSQL adapter and emitter store the
 * message in this table (created by migration 0003) and notify its id.
 */
export const ATTACHMENTS_TABLE = 'socket_io_attachments';
