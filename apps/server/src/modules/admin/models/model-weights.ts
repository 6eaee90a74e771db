import type { AdminModel } from '@nocturne/contract/admin/models';
import type { CatalogEntry } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { findMissingFiles, readInstalledManifest } from '@nocturne/imagegen/models/model-store';
import type { AppModels } from '../../models/app-models';

/**
 * An embedded ONNX entry's weights on this server's disk: installed (every file of its manifest
 * present at its size) and verified (every downloaded file's hash was checked against the Hub's
 * tree or the pinned manifest when it was pulled, as the manifest records). Null for the other
 * backends. Reads sizes only: hashing gigabytes on every request is `npm run models -- verify`.
 */
export async function modelWeights(
  models: AppModels,
  entry: CatalogEntry,
): Promise<AdminModel['weights']> {
  if (entry.backend !== 'onnx' || !entry.model) return null;
  const name = entry.model;
  const pullable = models.pullManifest(entry) !== undefined;
  const manifest = await readInstalledManifest(models.modelsDir, name).catch(() => undefined);
  if (!manifest) return { name, installed: false, verified: null, problems: [], pullable };
  const missing = await findMissingFiles(models.modelsDir, manifest);
  const downloaded = [...(manifest.sources ?? []), ...manifest.files].filter((file) => file.url);
  const problems = [
    ...missing.map((path) => `${path}: missing or of the wrong size`),
    ...downloaded.filter((file) => !file.verified).map((file) => `${file.path}: not verified`),
  ];
  return {
    name,
    installed: missing.length === 0,
    verified: problems.length === 0,
    problems,
    pullable,
  };
}
