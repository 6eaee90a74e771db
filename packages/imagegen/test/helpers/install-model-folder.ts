import { join } from 'node:path';
import { MANIFEST_FILE } from '../../src/models/manifest';
import { sha256Bytes, writeFileAtomic } from '../../src/util/files';
import type { FileSet } from './model-files-server';

/**
 * Installs a file set as a model folder copied into `modelsDir` would be: the files and a
 * manifest pinning each (size and sha256), never pulled and so never proven.
 */
export async function installModelFolder(
  modelsDir: string,
  name: string,
  files: FileSet,
): Promise<void> {
  for (const [path, data] of files) await writeFileAtomic(join(modelsDir, name, path), data);
  const manifest = {
    name,
    licence: { name: 'test' },
    defaults: { width: 64, height: 64 },
    components: {},
    files: [...files].map(([path, data]) => ({
      path,
      size: Buffer.byteLength(data),
      sha256: sha256Bytes(data),
    })),
  };
  await writeFileAtomic(join(modelsDir, name, MANIFEST_FILE), JSON.stringify(manifest));
}
