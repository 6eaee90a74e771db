// npm run build's last step: writes dist/landing.html, the landing rendered to static HTML, from
// the SPA's own dist/index.html (same head, fonts and styles) and the SSR build of
// src/app/routes/landing-prerender.tsx. The server sends it for `/` to signed-out visitors, so the
// landing paints and works with no JavaScript at all (issue 9; docs/decisions/016).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The SPA document turned into the landing's: its markup in #root, no scripts, CSS inlined. */
export function landingDocument(indexHtml, landingMarkup, readAsset) {
  let html = indexHtml;
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('prerender-landing: index.html has no empty #root');
  // A function replacement: the markup may contain `$` sequences String.replace would expand.
  html = html.replace(root, () => `<div id="root">${landingMarkup}</div>`);
  // Nothing on the landing needs the SPA; its links load it on the next page.
  html = html.replace(/\s*<script\b[^>]*><\/script>/g, '');
  html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  html = html.replace(/\s*<noscript>.*?<\/noscript>/gs, '');
  // Inlined: one request fewer before the first paint (the CSP allows inline styles).
  html = html.replace(
    /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
    (_tag, file) => `<style>${readAsset(file)}</style>`,
  );
  if (/<script\b/.test(html)) throw new Error('prerender-landing: a script is left');
  return html;
}

/**
 * The SPA document with `firstPaintMarkup` in #root: what every signed-in page shows while the
 * scripts load and the session is asked for, painted from the HTML rather than after React has
 * started (issue 9: the first contentful paint of /dashboard; docs/decisions/017). React replaces it
 * with the same markup on its first render.
 */
export function spaDocument(indexHtml, firstPaintMarkup) {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root))
    throw new Error('prerender-landing: index.html has no empty #root');
  return indexHtml.replace(root, () => `<div id="root">${firstPaintMarkup}</div>`);
}

function writeCompressed(target, text) {
  writeFileSync(target, text);
  writeFileSync(`${target}.gz`, gzipSync(text, { level: 9 }));
  writeFileSync(
    `${target}.br`,
    brotliCompressSync(text, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const webDir = fileURLToPath(new URL('..', import.meta.url));
  const distDir = path.join(webDir, 'dist');
  const ssrDir = path.join(webDir, 'dist-ssr');
  const { renderLanding, renderFirstPaint } = await import(
    pathToFileURL(path.join(ssrDir, 'landing-prerender.js')).href
  );
  const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const html = landingDocument(indexHtml, renderLanding(), (file) =>
    readFileSync(path.join(distDir, file), 'utf8'),
  );
  writeCompressed(path.join(distDir, 'landing.html'), html);
  // After the landing, which needs the empty #root of the original.
  writeCompressed(path.join(distDir, 'index.html'), spaDocument(indexHtml, renderFirstPaint()));
  rmSync(ssrDir, { recursive: true, force: true });
  console.log(`prerender-landing: wrote dist/landing.html (${html.length} bytes) and index.html`);
}
