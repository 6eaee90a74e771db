import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@nocturne/server';

/**
 * The server package's folder (apps/server), found by walking up from this module to its
 * package.json. The same answer whether this runs as TypeScript from src/ (tests, `npm run dev`)
 * or bundled into dist/main.js (`npm start`), so files beside the code (migrations, the
 * simulator's page script) and the repo's defaults (data/, apps/web/dist) resolve either way.
 */
function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === PACKAGE_NAME) return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`${PACKAGE_NAME}: package.json not found`);
  }
}

export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The monorepo root (apps/server/../..). */
export const REPO_ROOT = path.resolve(SERVER_ROOT, '../..');
