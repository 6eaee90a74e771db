import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

function preloadTag(attrs: Record<string, string>): HtmlTagDescriptor {
  return { tag: 'link', attrs, injectTo: 'head' };
}

function findFile(bundle: Rollup.OutputBundle, matches: (fileName: string) => boolean) {
  for (const output of Object.values(bundle)) {
    if (matches(output.fileName)) return output.fileName;
  }
  throw new Error('preloadLanding: an expected file is missing from the build');
}

/**
 * The display font (the landing hero's and every page title's) is fetched beside the first
 * stylesheet rather than once the CSS is parsed; the prerendered landing keeps this tag. Its name
 * carries a build hash, hence a plugin rather than a tag written by hand. The landing's route
 * chunk is no longer preloaded: signed-out visitors get `/` prerendered, without the SPA.
 */
export function preloadLanding(options: { fontStem: string }): Plugin {
  return {
    name: 'nocturne:preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const font = findFile(bundle, (file) => file.includes(options.fontStem));
        return [
          preloadTag({
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            href: `/${font}`,
            crossorigin: '',
          }),
        ];
      },
    },
  };
}
