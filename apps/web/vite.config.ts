import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appChunks } from './build/chunks';
import { compressAssets } from './build/compress-assets';
import { preloadApp } from './build/preload-app';
import { preloadLanding } from './build/preload-landing';

/** The API server (Fastify: /api, /realtime, /health, /images) the dev server forwards to. */
const API_TARGET = 'http://localhost:3000';

const proxy = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/realtime': { target: API_TARGET, changeOrigin: true, ws: true },
  '/health': { target: API_TARGET, changeOrigin: true },
  '/images': { target: API_TARGET, changeOrigin: true },
};

/**
 * `vite build --ssr` (npm run build's second step) only compiles the landing's prerender entry
 * for Node; build/prerender-landing.mjs then writes dist/landing.html from it.
 */
const ssrBuild = defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // The contract ships TypeScript sources: compile it in rather than leave it to Node.
  ssr: { noExternal: ['@nocturne/contract'] },
  build: {
    outDir: fileURLToPath(new URL('./dist-ssr', import.meta.url)),
    emptyOutDir: true,
  },
});

const clientBuild = defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    preloadLanding({ fontStem: 'fraunces-latin-wght-normal' }),
    // build/chunks.ts names them: the app every SPA page runs, and what /dashboard renders first.
    preloadApp({ chunks: ['app', 'signed-in'] }),
    compressAssets(),
  ],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // bench/measure-bundle.mjs reads it to tell what each route loads before interaction.
    manifest: true,
    rollupOptions: {
      output: {
        manualChunks: appChunks(),
        // A manual chunk takes only what appChunks names, not what those modules import: the
        // entry's own modules stay in the entry, zod stays out of it (decision 014).
        onlyExplicitManualChunks: true,
      },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? ssrBuild : clientBuild));
