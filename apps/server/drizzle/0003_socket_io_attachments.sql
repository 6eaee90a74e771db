-- Messages of the Socket.IO PostgreSQL adapter and emitter too big for NOTIFY (8000 bytes), such
-- as a generation result with its base64 image. The DDL is the adapter's own (its README); the
-- adapter deletes rows older than its cleanup interval. Not in the drizzle schema: only the adapter
-- reads and writes it.
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
	"id" bigserial UNIQUE,
	"created_at" timestamptz DEFAULT now(),
	"payload" bytea
);
