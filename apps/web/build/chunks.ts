import path from 'node:path';
import type { Rollup } from 'vite';

const srcFile = (file: string) => path.resolve(import.meta.dirname, '../src', file);

/**
 * Long-lived vendor chunks: app releases do not invalidate the framework in caches. zod has its
 * own, so that only the pages that validate load it; socket.io's loads after the `load` event.
 */
const VENDORS: [name: string, packages: RegExp][] = [
  // react-dom is CommonJS: the helpers Rollup adds for it go with it.
  ['react', /\/node_modules\/(react|react-dom|react-router|scheduler)\/|commonjsHelpers/],
  ['data', /\/node_modules\/@tanstack\//],
  // With zod, its settings (jitless: no eval probe, which the CSP reports): they then apply before
  // any schema is built, whichever chunk builds it and whatever arrives first.
  ['zod', /\/node_modules\/zod\/|\/src\/lib\/zod-config\.ts$/],
  ['auth', /\/node_modules\/(better-auth|@better-auth|@better-fetch|nanostores|defu)\//],
  [
    'realtime',
    /\/node_modules\/(socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)\//,
  ],
];

/** What /dashboard renders first: the signed-in shell, the page and its data prefetch. */
const SIGNED_IN_ROOTS = [
  'app/layouts/app-layout.tsx',
  'app/routes/app/dashboard.tsx',
  'app/routes/app/prefetch-dashboard.ts',
  'app/first-answers.ts',
].map(srcFile);

/**
 * The entry only starts the first requests and imports the app (docs/decisions/028); the app (the
 * router, the providers, the auth state) is one chunk that every SPA page loads.
 */
const ENTRY = srcFile('main.ts');
const APP_ROOT = srcFile('app/start-app.tsx');

type ModuleInfo = Rollup.ManualChunkMeta['getModuleInfo'];

/** A module and every app module it imports statically (dynamic imports load later). */
function staticClosure(roots: string[], getModuleInfo: ModuleInfo): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || id.includes('/node_modules/')) continue;
    seen.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The app code of the signed-in first load in one chunk rather than the fifteen small ones the
 * automatic split made of it (each shared with another page in its own way): under a slow
 * network every file costs a round trip, and a browser fetches only a few at a time (issue 9;
 * docs/decisions/025). What the entry needs stays in the entry; dialogs opened later stay apart.
 */
export function appChunks(): Rollup.GetManualChunk {
  let chunks: { app: Set<string>; signedIn: Set<string> } | undefined;
  return (id, { getModuleInfo }) => {
    const vendor = VENDORS.find(([, packages]) => packages.test(id));
    if (vendor) return vendor[0];
    if (!chunks) {
      const entry = staticClosure([ENTRY], getModuleInfo);
      const app = staticClosure([APP_ROOT], getModuleInfo);
      const signedIn = staticClosure(SIGNED_IN_ROOTS, getModuleInfo);
      for (const module of entry) app.delete(module);
      for (const module of [...entry, ...app]) signedIn.delete(module);
      chunks = { app, signedIn };
    }
    if (chunks.app.has(id)) return 'app';
    return chunks.signedIn.has(id) ? 'signed-in' : undefined;
  };
}
