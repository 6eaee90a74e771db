import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../db/migrations-folder';
import { REPO_ROOT, SERVER_ROOT } from './server-root';

describe('server root', () => {
  it('is the @nocturne/server package, and the repo root two levels up', () => {
    const manifest = JSON.parse(readFileSync(path.join(SERVER_ROOT, 'package.json'), 'utf8')) as {
      name: string;
    };
    expect(manifest.name).toBe('@nocturne/server');
    expect(existsSync(path.join(REPO_ROOT, 'apps/web/package.json'))).toBe(true);
    expect(existsSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'))).toBe(true);
  });
});
