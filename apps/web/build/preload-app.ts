import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

/** A chunk and, recursively, the chunks it imports statically, by file name. */
function withStaticImports(bundle: Rollup.OutputBundle, fileName: string, files: Set<string>) {
  const chunk = bundle[fileName];
  // The entry is the document's own script already.
  if (!chunk || chunk.type !== 'chunk' || chunk.isEntry || files.has(fileName)) return;
  files.add(fileName);
  for (const imported of chunk.imports) withStaticImports(bundle, imported, files);
}

/** The files of the named chunks and of everything they import statically but the entry. */
export function appPreloads(bundle: Rollup.OutputBundle, chunkNames: readonly string[]): string[] {
  const files = new Set<string>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && chunkNames.includes(output.name)) {
      withStaticImports(bundle, output.fileName, files);
    }
  }
  const missing = chunkNames.filter(
    (name) => ![...files].some((file) => (bundle[file] as Rollup.OutputChunk).name === name),
  );
  if (missing.length > 0) throw new Error(`preloadApp: no chunk named ${missing.join(', ')}`);
  return [...files];
}

/**
 * The app's chunks (the framework, the signed-in shell and zod) fetched from the document at low
 * priority, beside the entry rather than once it has run: on a slow network they are the longest
 * wait of a signed-in first load (issue 9, docs/decisions/028). At low priority they never hold
 * the first paint back (a high-priority preload did, decision 017) and take what bandwidth the
 * stylesheet, the fonts and the entry leave. The entry's own imports of the same files reuse
 * these fetches. The prerendered landing drops the tags with the scripts.
 */
export function preloadApp(options: { chunks: readonly string[] }): Plugin {
  return {
    name: 'nocturne:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        return appPreloads(bundle, options.chunks).map((file): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', href: `/${file}`, fetchpriority: 'low', crossorigin: '' },
          injectTo: 'head',
        }));
      },
    },
  };
}
