import path from 'node:path';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { appChunks } from '../../build/chunks';

const src = (file: string) => path.resolve(import.meta.dirname, '..', file);

/** A module graph as Rollup describes it: static imports, and dynamic ones apart. */
const GRAPH: Record<string, { imports: string[]; dynamic?: string[] }> = {
  [src('main.ts')]: { imports: [src('lib/url.ts')], dynamic: [src('app/start-app.tsx')] },
  [src('lib/url.ts')]: { imports: [] },
  [src('app/start-app.tsx')]: {
    imports: [src('lib/cn.ts'), '/repo/node_modules/react-dom/client.js'],
    dynamic: [src('app/layouts/app-layout.tsx'), src('app/routes/app/dashboard.tsx')],
  },
  [src('lib/cn.ts')]: { imports: [] },
  [src('app/layouts/app-layout.tsx')]: {
    imports: [src('lib/cn.ts'), src('lib/url.ts'), src('features/auth/components/user-menu.tsx')],
  },
  [src('features/auth/components/user-menu.tsx')]: {
    imports: [],
    dynamic: [src('features/auth/components/user-menu-dropdown.tsx')],
  },
  [src('features/auth/components/user-menu-dropdown.tsx')]: {
    imports: ['/repo/node_modules/@radix-ui/react-dropdown-menu/dist/index.mjs'],
  },
  [src('app/routes/app/dashboard.tsx')]: { imports: [src('lib/api-client.ts')] },
  [src('app/routes/app/prefetch-dashboard.ts')]: { imports: [src('lib/api-client.ts')] },
  [src('lib/api-client.ts')]: { imports: ['/repo/node_modules/zod/v4/classic/external.js'] },
  [src('app/routes/app/profile.tsx')]: { imports: [src('lib/api-client.ts')] },
};

function chunkOf(id: string) {
  const getModuleInfo = (moduleId: string) =>
    ({
      importedIds: GRAPH[moduleId]?.imports ?? [],
      dynamicallyImportedIds: GRAPH[moduleId]?.dynamic ?? [],
    }) as unknown as Rollup.ModuleInfo;
  const manualChunks = appChunks();
  return manualChunks(id, { getModuleInfo } as unknown as Rollup.ManualChunkMeta);
}

describe('appChunks (issue 9: the signed-in first load in few files)', () => {
  it('puts the shell, the dashboard and what they import statically in one chunk', () => {
    expect(chunkOf(src('app/layouts/app-layout.tsx'))).toBe('signed-in');
    expect(chunkOf(src('app/routes/app/dashboard.tsx'))).toBe('signed-in');
    expect(chunkOf(src('app/routes/app/prefetch-dashboard.ts'))).toBe('signed-in');
    expect(chunkOf(src('features/auth/components/user-menu.tsx'))).toBe('signed-in');
    expect(chunkOf(src('lib/api-client.ts'))).toBe('signed-in');
  });

  it('leaves the entry its modules, and what loads later (dialogs, other pages) apart', () => {
    expect(chunkOf(src('main.ts'))).toBeUndefined();
    expect(chunkOf(src('lib/url.ts'))).toBeUndefined();
    // The app the entry imports: one chunk for every SPA page.
    expect(chunkOf(src('app/start-app.tsx'))).toBe('app');
    expect(chunkOf(src('lib/cn.ts'))).toBe('app');
    expect(chunkOf(src('features/auth/components/user-menu-dropdown.tsx'))).toBeUndefined();
    expect(chunkOf(src('app/routes/app/profile.tsx'))).toBeUndefined();
  });

  it('keeps the vendor chunks: framework, data, zod, auth, realtime', () => {
    expect(chunkOf('/repo/node_modules/react-dom/client.js')).toBe('react');
    expect(chunkOf('/repo/node_modules/@tanstack/query-core/build/modern/index.js')).toBe('data');
    expect(chunkOf('/repo/node_modules/zod/v4/classic/external.js')).toBe('zod');
    // zod's settings load and run with zod, before any schema exists.
    expect(chunkOf(src('lib/zod-config.ts'))).toBe('zod');
    expect(chunkOf('/repo/node_modules/better-auth/dist/client/index.mjs')).toBe('auth');
    expect(chunkOf('/repo/node_modules/socket.io-client/build/esm/index.js')).toBe('realtime');
    expect(chunkOf('/repo/node_modules/@radix-ui/react-dialog/dist/index.mjs')).toBeUndefined();
  });
});
