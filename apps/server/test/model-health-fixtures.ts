import {
  createImageGenerator,
  type ImageGenerator,
} from '@nocturne/imagegen/create-image-generator';
import { imageGenConfigForEntry } from '@nocturne/imagegen/model-catalog/image-gen-config-for-entry';
import {
  modelCatalogSchema,
  type ModelCatalog,
} from '@nocturne/imagegen/model-catalog/model-catalog-schema';
import { freePort } from './free-port';
import { startFaultyImageBackend, type FaultyImageBackend } from './start-faulty-image-backend';

/** The servers behind the health catalog: one for each way an engine can be unwell. */
export interface HealthServers {
  /** ComfyUI answering and rendering with the checkpoint the catalog names. */
  comfy: FaultyImageBackend;
  /** ComfyUI that never answers. */
  hanging: FaultyImageBackend;
  /** AUTOMATIC1111 refusing the login (401). */
  locked: FaultyImageBackend;
  /** ComfyUI without the checkpoint the catalog names. */
  otherCheckpoint: FaultyImageBackend;
  /** ComfyUI answering its probes whose every image fails (500). */
  broken: FaultyImageBackend;
  /** A port nothing listens on. */
  refusedUrl: string;
  stop(): Promise<void>;
}

export async function startHealthServers(): Promise<HealthServers> {
  const ok = { checkpoints: ['sdxl.safetensors'] };
  const servers = {
    comfy: await startFaultyImageBackend('comfyui', ['ok'], ok),
    hanging: await startFaultyImageBackend('comfyui', ['ok'], { behaviour: 'hang' }),
    locked: await startFaultyImageBackend('a1111', ['ok'], { behaviour: 'unauthorized' }),
    otherCheckpoint: await startFaultyImageBackend('comfyui', ['ok'], {
      checkpoints: ['v1-5-pruned.safetensors'],
    }),
    broken: await startFaultyImageBackend('comfyui', ['error-500'], ok),
  };
  const refusedUrl = `http://127.0.0.1:${await freePort()}`;
  return {
    ...servers,
    refusedUrl,
    stop: async () => {
      await Promise.all(Object.values(servers).map((server) => server.stop()));
    },
  };
}

/**
 * A catalog with a model in each health state: `preview` (free default, ready), `studio`
 * (premium, ready), `sdxl` (the premium default: refused connections), `slow` (a hanging
 * server), `forge` (a refused login), `nockpt` (a missing checkpoint), `local` (an embedded model
 * never pulled) and `flaky` (answers, but its images fail).
 */
export function healthCatalog(servers: HealthServers): ModelCatalog {
  const comfy = (id: string, url: string, tier: 'free' | 'premium' = 'free') => ({
    id,
    name: id.toUpperCase(),
    backend: 'comfyui',
    tier,
    url,
    checkpoint: 'sdxl.safetensors',
  });
  return modelCatalogSchema.parse({
    models: [
      { id: 'preview', name: 'Preview', backend: 'preview', creditCost: 0 },
      comfy('sdxl', servers.refusedUrl, 'premium'),
      comfy('studio', servers.comfy.url, 'premium'),
      comfy('slow', servers.hanging.url),
      {
        id: 'forge',
        name: 'FORGE',
        backend: 'a1111',
        url: servers.locked.url,
        checkpoint: 'sdxl.safetensors',
        credentials: { usernameEnv: 'FORGE_USER', passwordEnv: 'FORGE_PASSWORD' },
      },
      comfy('nockpt', servers.otherCheckpoint.url),
      { id: 'local', name: 'LOCAL', backend: 'onnx', model: 'sd-turbo' },
      comfy('flaky', servers.broken.url),
    ],
    defaults: { free: 'preview', premium: 'sdxl' },
  });
}

/** The engine of each entry, opened as a worker opens them (credentials from the environment). */
export async function openHealthEngines(
  catalog: ModelCatalog,
  modelsDir: string,
): Promise<Map<string, ImageGenerator>> {
  const secrets = { FORGE_USER: 'ops', FORGE_PASSWORD: 'not-the-password' };
  const engines = new Map<string, ImageGenerator>();
  for (const entry of catalog.models) {
    const config = imageGenConfigForEntry(entry, { modelsDir, timeoutMs: 5_000 }, secrets);
    engines.set(entry.id, await createImageGenerator(config));
  }
  return engines;
}
