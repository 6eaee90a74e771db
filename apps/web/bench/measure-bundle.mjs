// What each route loads before interaction, read from the build: index.html's own scripts and
// styles, plus the lazy chunks of the route's modules (React Router fetches them before the
// first render) with everything they import statically. Sizes are gzip, level 9.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The route modules each measured page renders (see src/app/router.tsx). */
export const ROUTE_MODULES = {
  '/': ['src/app/routes/landing.tsx'],
  '/dashboard': ['src/app/layouts/app-layout.tsx', 'src/app/routes/app/dashboard.tsx'],
};

function gzipSize(distDir, file) {
  return gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
}

/** Files named by index.html: the entry script, module preloads and stylesheets. */
function htmlAssets(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)];
  return refs.map((match) => match[1]);
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
  const initial = htmlAssets(distDir);
  return Object.entries(ROUTE_MODULES).map(([route, modules]) => {
    const files = new Set(initial);
    const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
    collect(manifest, entryKey, files);
    for (const module of modules) collect(manifest, module, files);
    const sized = [...files].map((file) => ({ file, gzip: gzipSize(distDir, file) }));
    const sum = (ext) => sized.filter((f) => f.file.endsWith(ext)).reduce((t, f) => t + f.gzip, 0);
    return { route, js: sum('.js'), css: sum('.css'), files: sized };
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
