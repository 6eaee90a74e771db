import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate -w @nocturne/server` writes SQL migrations to ./drizzle from the schema.
 * The same SQL runs on PGlite and PostgreSQL; both are migrated at start.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/modules/**/*-tables.ts',
  out: './drizzle',
  casing: 'snake_case',
});
