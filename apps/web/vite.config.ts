import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The API server (Fastify: /api, /realtime, /health, /images) the dev server forwards to. */
const API_TARGET = 'http://localhost:3000';

const proxy = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/realtime': { target: API_TARGET, changeOrigin: true, ws: true },
  '/health': { target: API_TARGET, changeOrigin: true },
  '/images': { target: API_TARGET, changeOrigin: true },
};

/**
 * Preloads the hero's font file (hashed by the build, so it cannot be written into index.html by
 * hand): fetched beside the scripts, the heading rarely paints in the fallback face first.
 */
function preloadHeroFont(fileStem: string): Plugin {
  return {
    name: 'nocturne:preload-hero-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.values(bundle ?? {}).find(
          (output) => output.type === 'asset' && output.fileName.includes(fileStem),
        );
        if (!font) throw new Error(`preloadHeroFont: no built asset named like ${fileStem}`);
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              href: `/${font.fileName}`,
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), preloadHeroFont('fraunces-latin-wght-normal')],
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
        // Long-lived vendor chunks: app releases do not invalidate the framework in caches.
        manualChunks: {
          react: ['react', 'react-dom', 'react-router'],
          data: ['@tanstack/react-query'],
          // Its own chunk, so that only the pages that validate (all but the landing) load it.
          zod: ['zod'],
          auth: ['better-auth/react', 'better-auth/client/plugins'],
          realtime: ['socket.io-client'],
        },
      },
    },
  },
});
