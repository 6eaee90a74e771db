import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileSize } from '../util/files';
import { MANIFEST_FILE, parseManifest, type ModelManifest } from './manifest';

export function modelDir(modelsDir: string, name: string): string {
  return join(modelsDir, name);
}

/** The manifest an installed model carries in its own folder, or undefined if none. */
export async function readInstalledManifest(
  modelsDir: string,
  name: string,
): Promise<ModelManifest | undefined> {
  const path = join(modelDir(modelsDir, name), MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return parseManifest(JSON.parse(text), path);
}

/** Files of the manifest that are absent or of the wrong size (cheap check, no hashing). */
export async function findMissingFiles(
  modelsDir: string,
  manifest: ModelManifest,
): Promise<string[]> {
  const dir = modelDir(modelsDir, manifest.name);
  const missing: string[] = [];
  for (const file of manifest.files) {
    const size = await fileSize(join(dir, file.path));
    if (size === undefined || (file.size !== undefined && size !== file.size))
      missing.push(file.path);
  }
  return missing;
}

export async function isModelInstalled(modelsDir: string, name: string): Promise<boolean> {
  const manifest = await readInstalledManifest(modelsDir, name);
  return manifest !== undefined && (await findMissingFiles(modelsDir, manifest)).length === 0;
}

export async function findInstalledModels(modelsDir: string): Promise<ModelManifest[]> {
  let entries: string[];
  try {
    entries = await readdir(modelsDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // Dot folders are pull's downloads and staging, never installed models.
  const manifests = await Promise.all(
    entries
      .filter((name) => !name.startsWith('.'))
      .map((name) => readInstalledManifest(modelsDir, name).catch(() => undefined)),
  );
  return manifests.filter((m): m is ModelManifest => m !== undefined);
}
