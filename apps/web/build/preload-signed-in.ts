import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

type Chunk = Rollup.OutputChunk;

function chunks(bundle: Rollup.OutputBundle): Chunk[] {
  return Object.values(bundle).filter((output): output is Chunk => output.type === 'chunk');
}

/** The chunk built from `moduleSuffix` and every chunk it imports statically, imports first. */
function withStaticImports(bundle: Rollup.OutputBundle, moduleSuffix: string): string[] {
  const route = chunks(bundle).find((chunk) => chunk.facadeModuleId?.endsWith(moduleSuffix));
  if (!route) throw new Error(`preloadSignedIn: no chunk for ${moduleSuffix}`);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
    seen.add(fileName);
  };
  visit(route.fileName);
  return [...seen];
}

/**
 * Every SPA page is sent the same index.html; a signed-out visitor of `/` gets the prerendered
 * landing instead (decision 016), so those who load the SPA are, nearly all, on their way to the
 * signed-in pages. Their route chunks are `lazy` and were fetched only once the entry had run: a
 * second round trip after a 4× slower start-up. Preloading them from the HTML lets them download
 * beside the entry (decision 017). The entry's own imports are preloaded by Vite already.
 */
export function preloadSignedIn(options: { modules: string[] }): Plugin {
  return {
    name: 'nocturne:preload-signed-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const entry = chunks(bundle).find((chunk) => chunk.isEntry);
        const already = new Set(entry ? [entry.fileName, ...entry.imports] : []);
        const files = new Set(options.modules.flatMap((m) => withStaticImports(bundle, m)));
        return [...files]
          .filter((file) => !already.has(file))
          .map<HtmlTagDescriptor>((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
            injectTo: 'head',
          }));
      },
    },
  };
}
