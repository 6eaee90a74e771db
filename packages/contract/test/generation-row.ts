import type { Generation } from '../src/generations/generation';

/**
 * A generation row as the API answers it (GET /generations, a join's snapshot): completed, image
 * `index`, request id `req-{index}`, unless overridden. For the tests of the contract and of its
 * clients (the web app, through `@nocturne/contract/test/generation-row`), so they cannot drift.
 */
export function generation(index: number, overrides: Partial<Generation> = {}): Generation {
  return {
    id: `gen-${index}`,
    request_id: `req-${index}`,
    status: 'completed',
    source_prompt: '',
    content_prompt: `Prompt number ${index}`,
    expanded_prompt: null,
    created_at: new Date(Date.UTC(2026, 1, 3, 10, 0) - index * 60_000).toISOString(),
    completed_at: null,
    error: null,
    result_image_url: `/images/gen-${index}.png`,
    is_favorite: false,
    negative_prompt: '',
    seed: 1000 + index,
    aspect_ratio: '1:1',
    quality: 'balanced',
    style: null,
    image_count: 1,
    image_index: 0,
    ignored_options: [],
    model: 'sd-turbo',
    kind: 'generate',
    source_generation_id: null,
    strength: null,
    upscale_factor: null,
    ...overrides,
  };
}
