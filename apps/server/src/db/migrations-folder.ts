import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Committed SQL from `npm run db:generate`, resolved from this file so any cwd works. */
export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);
