// What each route loads before interaction, read from the build: the document's own scripts and
// styles, plus, for SPA pages, the entry, the app it imports and the lazy chunks of the route's
// modules (the entry and React Router fetch them before the first render) with everything they
// import statically. `/` is the
// prerendered landing.html (no SPA; see docs/decisions/016). Sizes are gzip, level 9.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The document each measured page is served, and the route modules the SPA renders for it. */
export const ROUTES = {
  '/': { html: 'landing.html', spa: false, modules: [] },
  '/dashboard': {
    html: 'index.html',
    spa: true,
    modules: [
      'src/app/start-app.tsx',
      'src/app/layouts/app-layout.tsx',
      'src/app/routes/app/dashboard.tsx',
    ],
  },
};

function gzipSize(distDir, file) {
  return gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

/** Files a document names: its scripts, module preloads and stylesheets. */
function htmlAssets(distDir, document) {
  const html = readFileSync(path.join(distDir, document), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)];
  return refs.map((match) => match[1]);
}

/**
 * A route module's chunk. Rollup files a lazy module under its own path only when it heads its
 * chunk; one merged into another (build/chunks.ts) is found through the chunk's source map.
 */
function routeChunkKey(distDir, manifest, module) {
  if (manifest[module]) return module;
  const key = Object.keys(manifest).find((k) => {
    const file = path.join(distDir, `${manifest[k].file}.map`);
    if (!manifest[k].file.endsWith('.js') || !existsSync(file)) return false;
    const { sources } = JSON.parse(readFileSync(file, 'utf8'));
    return sources.some((source) => source.endsWith(`/${module}`));
  });
  return key ?? module;
}

/** A manifest chunk's file, its CSS and, recursively, the chunks it imports statically. */
function collect(manifest, key, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`not in the build manifest: ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(manifest, imported, files);
}

export function measureRoutes(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  return Object.entries(ROUTES).map(([route, { html, spa, modules }]) => {
    const files = new Set(htmlAssets(distDir, html));
    if (spa) {
      const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
      collect(manifest, entryKey, files);
    }
    for (const module of modules)
      collect(manifest, routeChunkKey(distDir, manifest, module), files);
    const sized = [...files].map((file) => ({ file, gzip: gzipSize(distDir, file) }));
    const sum = (ext) => sized.filter((f) => f.file.endsWith(ext)).reduce((t, f) => t + f.gzip, 0);
    // The document too: the landing's carries its markup and inlined CSS.
    return { route, html: gzipSize(distDir, html), js: sum('.js'), css: sum('.css'), files: sized };
  });
}

/** Every JS and CSS file of the build with its gzip size, largest first. */
export function measureAssets(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  for (const chunk of Object.values(manifest)) {
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files]
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => ({ file, gzip: gzipSize(distDir, file) }))
    .sort((a, b) => b.gzip - a.gzip);
}
