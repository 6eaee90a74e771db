import path from 'node:path';
import { SERVER_ROOT } from '../lib/server-root';

/** Committed SQL from `npm run db:generate`, resolved from the package so any cwd works. */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');
