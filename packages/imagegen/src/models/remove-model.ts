import { rm } from 'node:fs/promises';
import { modelDir } from './model-store';

export async function removeModel(modelsDir: string, name: string): Promise<void> {
  if (!/^[a-z0-9][a-z0-9._-]*$/.test(name)) throw new Error(`Not a model name: ${name}`);
  await rm(modelDir(modelsDir, name), { recursive: true, force: true });
  await rm(modelDir(modelsDir, `.pull-${name}`), { recursive: true, force: true });
  await rm(modelDir(modelsDir, `.stage-${name}`), { recursive: true, force: true });
}
