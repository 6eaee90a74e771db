import type { ModelManifest } from '../../src/models/manifest';
import { pullModel, type PullStage } from '../../src/models/pull-model';
import { sdTurboManifestFields } from '../../src/testing/sd-shaped-graph/sd-shaped-model';
import type { TestServer } from './http-server';
import { pinnedManifest, type FileSet } from './model-files-server';

/**
 * Installs an SD-shaped model the way an operator's `pull` does: every file downloaded from
 * `server` (set `set`) and checked against its pin, the fp16 graphs widened as the catalog's
 * SD-Turbo entry asks (or kept fp16 with `widen: false`), the model proven, then swapped in.
 */
export async function pullSdShapedModel(options: {
  server: TestServer;
  set: string;
  files: FileSet;
  modelsDir: string;
  name: string;
  widen: boolean;
  onStage?: (stage: PullStage, detail: string) => void;
}): Promise<ModelManifest> {
  const fields = sdTurboManifestFields();
  const manifest = pinnedManifest(options.server, options.name, options.set, options.files, {
    ...fields,
    widenFloat16: options.widen ? fields.widenFloat16 : [],
  });
  return pullModel({
    modelsDir: options.modelsDir,
    manifest,
    settings: { intraOpThreads: 1 },
    onStage: options.onStage,
  });
}
