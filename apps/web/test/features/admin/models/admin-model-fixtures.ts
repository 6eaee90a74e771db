import type { AdminModel, ModelPullState } from '@nocturne/contract/admin/models';

const SEEN = '2026-11-26T01:00:00.000Z';

/** A free GPU model served by one worker, enabled. */
export function gpuModel(overrides: Partial<AdminModel> = {}): AdminModel {
  return {
    id: 'studio',
    name: 'Studio XL',
    description: 'SDXL on the GPU server.',
    tier: 'premium',
    credit_cost: 3,
    backend: 'comfyui',
    licence: { name: 'CreativeML Open RAIL++-M', url: null, commercial_use: true },
    enabled: true,
    switch: null,
    available: true,
    unavailable_reason: null,
    health: { state: 'ready', cause: null, since: SEEN },
    workers: [
      {
        id: 'worker-a',
        last_seen_at: SEEN,
        engine: {
          backend: 'comfyui',
          model: 'sdxl.safetensors',
          is_preview: false,
          fallback_reason: null,
        },
        health: { state: 'ready', cause: null, since: SEEN },
      },
    ],
    weights: null,
    pull: null,
    ...overrides,
  };
}

/** An embedded ONNX model whose weights are not installed yet. */
export function onnxModel(overrides: Partial<AdminModel> = {}): AdminModel {
  return gpuModel({
    id: 'turbo',
    name: 'SD-Turbo',
    tier: 'free',
    credit_cost: 1,
    backend: 'onnx',
    licence: null,
    workers: [],
    available: false,
    unavailable_reason: 'no_worker',
    health: null,
    weights: { name: 'sd-turbo', installed: false, verified: null, problems: [], pullable: true },
    ...overrides,
  });
}

/** A pull state of the turbo model, running unless overridden. */
export function pullState(overrides: Partial<ModelPullState> = {}): ModelPullState {
  return {
    model_id: 'turbo',
    status: 'running',
    phase: 'download',
    file: 'unet/model.onnx',
    file_index: 1,
    file_count: 6,
    bytes_done: 0,
    bytes_total: 4_194_304,
    detail: 'Downloading unet/model.onnx',
    error: null,
    restart_needed: false,
    started_at: SEEN,
    updated_at: SEEN,
    ...overrides,
  };
}
