import type { Plugin } from 'vite';

/**
 * Preloads the hero's font file (hashed by the build, so it cannot be written into index.html by
 * hand): fetched beside the scripts, the heading rarely paints in the fallback face first.
 */
export function preloadHeroFont(fileStem: string): Plugin {
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
