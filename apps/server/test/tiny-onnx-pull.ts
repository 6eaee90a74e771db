import type { ModelCatalog } from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import type { ModelManifest } from '@nocturne/imagegen/models/manifest';
import { buildPreviewFiles } from '@nocturne/imagegen/preview/ensure-preview-model';
import {
  hubManifest,
  startFakeHub,
  type FakeHub,
} from '../../../packages/imagegen/test/helpers/fake-hub';
import { TEST_CATALOG } from './test-models';

/** The embedded model the console's pull tests install: the preview model's files, on a fake Hub. */
export const TINY_MODEL = 'tiny';
const REPO = 'acme/tiny-onnx';

/** TEST_CATALOG and the tiny `onnx` model. */
export const TINY_CATALOG: ModelCatalog = {
  models: [
    ...TEST_CATALOG.models,
    {
      id: TINY_MODEL,
      name: 'Tiny',
      description: '',
      backend: 'onnx',
      model: TINY_MODEL,
      tier: 'free',
      creditCost: 1,
    },
  ],
};

/** What a test asks the tiny model for: one small, one-step image. */
export const TINY_REQUEST = { prompt: 'a moonlit owl', width: 64, height: 64, steps: 1 };

/** A fake Hub serving the tiny model at `commit`, and the manifests that point a pull at it. */
export async function startTinyHub(commit: string): Promise<{
  hub: FakeHub;
  pullManifests: ReadonlyMap<string, ModelManifest>;
}> {
  const repo = { commit, files: buildPreviewFiles() };
  const hub = await startFakeHub(new Map([[REPO, repo]]));
  return { hub, pullManifests: new Map([[TINY_MODEL, hubManifest(TINY_MODEL, REPO, repo)]]) };
}
