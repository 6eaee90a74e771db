import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

function preloadTag(attrs: Record<string, string>): HtmlTagDescriptor {
  return { tag: 'link', attrs, injectTo: 'head' };
}

function findFile(
  bundle: Rollup.OutputBundle,
  matches: (fileName: string, facade?: string) => boolean,
) {
  for (const output of Object.values(bundle)) {
    const facade = output.type === 'chunk' ? (output.facadeModuleId ?? undefined) : undefined;
    if (matches(output.fileName, facade)) return output.fileName;
  }
  throw new Error('preloadLanding: an expected file is missing from the build');
}

/**
 * The landing is the first page of nearly every visit, so index.html fetches what it needs beside
 * the entry script: its route chunk (otherwise requested only once the router runs) and the
 * hero's font. Both names carry build hashes, hence a plugin rather than tags written by hand.
 */
export function preloadLanding(options: { routeModule: string; fontStem: string }): Plugin {
  return {
    name: 'nocturne:preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunk = findFile(bundle, (_file, facade) => !!facade?.endsWith(options.routeModule));
        const font = findFile(bundle, (file) => file.includes(options.fontStem));
        return [
          preloadTag({ rel: 'modulepreload', crossorigin: '', href: `/${chunk}` }),
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
