import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../util/files';
import { MANIFEST_FILE, type ModelManifest } from './manifest';
import { modelDir } from './model-store';

/** What installing takes from the pull's options (PullOptions in pull-model.ts). */
export interface InstallOptions {
  modelsDir: string;
  onStage?: (stage: 'install', detail: string) => void;
}

/**
 * The candidate folder, its manifest written, swapped into the model's place in one rename; the
 * model installed before is removed only after.
 */
export async function installCandidate(
  candidate: string,
  installed: ModelManifest,
  options: InstallOptions,
): Promise<void> {
  const { modelsDir } = options;
  await writeFileAtomic(join(candidate, MANIFEST_FILE), `${JSON.stringify(installed, null, 2)}\n`);
  const target = modelDir(modelsDir, installed.name);
  options.onStage?.('install', target);
  const previous = join(modelsDir, `.old-${installed.name}-${Date.now()}`);
  await rename(target, previous).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(candidate, target);
  await rm(previous, { recursive: true, force: true });
}
