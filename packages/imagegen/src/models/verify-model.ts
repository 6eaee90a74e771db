import { join } from 'node:path';
import { fileSize, sha256File } from '../util/files';
import type { ModelManifest } from './manifest';
import { modelDir } from './model-store';

export interface FileCheck {
  path: string;
  status: 'ok' | 'missing' | 'size_mismatch' | 'checksum_mismatch' | 'unpinned';
  detail?: string;
}

/** Hashes every file of an installed model against its manifest. */
export async function verifyModel(
  modelsDir: string,
  manifest: ModelManifest,
): Promise<FileCheck[]> {
  const dir = modelDir(modelsDir, manifest.name);
  const checks: FileCheck[] = [];
  for (const file of manifest.files) {
    const path = join(dir, file.path);
    const size = await fileSize(path);
    if (size === undefined) checks.push({ path: file.path, status: 'missing' });
    else if (file.size !== undefined && size !== file.size) {
      checks.push({
        path: file.path,
        status: 'size_mismatch',
        detail: `${size} bytes, expected ${file.size}`,
      });
    } else if (!file.sha256) checks.push({ path: file.path, status: 'unpinned' });
    else {
      const sha256 = await sha256File(path);
      checks.push(
        sha256 === file.sha256
          ? { path: file.path, status: 'ok' }
          : { path: file.path, status: 'checksum_mismatch', detail: `sha256 ${sha256}` },
      );
    }
  }
  return checks;
}
