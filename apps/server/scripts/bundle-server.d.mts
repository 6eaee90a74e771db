/** apps/server, where the bundle's external packages resolve. */
export const SERVER_DIR: string;
/** Bundles each entry (a path under src/, without `.ts`) to `<outdir>/<its file name>.js`. */
export function bundleServer(options: { outdir: string; entries: string[] }): Promise<void>;
