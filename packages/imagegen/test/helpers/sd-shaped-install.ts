import type { ModelManifest, WeightPrecision } from '../../src/models/manifest';
import { pullModel, type PullStage } from '../../src/models/pull-model';
import { sdTurboManifestFields } from '../sd-shaped-graph/sd-shaped-model';
import { hubManifest, type FakeHub } from './fake-hub';

/** The fake Hub repository the SD-shaped model is published under. */
export const SD_SHAPED_REPO = 'nocturne-test/sd-shaped-onnx';

/**
 * Installs an SD-shaped model the way an operator's `pull` does: the file list read from the
 * Hub's tree API at the pinned commit, every file downloaded from `hub` and checked against the
 * tree (sha256 for LFS weights, git blob id for the tokenizer files), the fp16 graphs widened as
 * the catalog's SD-Turbo entry asks (or kept fp16 with `widen: false`), the model proven, then
 * swapped in.
 */
export async function pullSdShapedModel(options: {
  hub: FakeHub;
  commit: string;
  files: Map<string, Uint8Array | string>;
  modelsDir: string;
  name: string;
  widen: boolean;
  /** `int8`: pull's `--weights int8`. */
  weights?: WeightPrecision;
  onStage?: (stage: PullStage, detail: string) => void;
}): Promise<ModelManifest> {
  const fields = sdTurboManifestFields(options.files);
  const manifest = hubManifest(
    options.name,
    SD_SHAPED_REPO,
    { commit: options.commit, files: options.files },
    { ...fields, widenFloat16: options.widen ? fields.widenFloat16 : [] },
  );
  return pullModel({
    modelsDir: options.modelsDir,
    manifest,
    hubUrl: options.hub.url,
    settings: { intraOpThreads: 1 },
    weights: options.weights,
    // Random weights make no picture at the native size, and one 512×512 image on these shapes
    // takes many seconds on two cores: the proof opens and runs every session at the least size.
    proofSize: { width: 64, height: 64 },
    onStage: options.onStage,
  });
}
