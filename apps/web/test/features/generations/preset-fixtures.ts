import { http, HttpResponse } from 'msw';
import type { Preset, PresetOptions } from '@nocturne/contract/presets/preset';
import { server } from '../../support/msw-server';

/** A preset as the API answers it: the contract's defaults unless `options` override them. */
export function preset(id: string, name: string, options: Partial<PresetOptions> = {}): Preset {
  return {
    id,
    name,
    options: {
      negative_prompt: '',
      aspect_ratio: '1:1',
      image_count: 1,
      quality: 'balanced',
      style: null,
      ...options,
    },
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  };
}

/**
 * /api/v1/presets over a list held here, as the server keeps it; the requests it got are in
 * `calls`. `refuse` answers the next write with that error instead.
 */
export function servePresets(initial: Preset[] = []) {
  const state = {
    presets: [...initial],
    calls: [] as Array<{ method: string; url: string; body: unknown }>,
    refuse: null as { status: number; error: string; message: string } | null,
  };
  const refusal = () => {
    const answer = state.refuse;
    state.refuse = null;
    return answer && HttpResponse.json(answer, { status: answer.status });
  };
  server.use(
    http.get('*/api/v1/presets', () => HttpResponse.json({ presets: state.presets })),
    http.post('*/api/v1/presets', async ({ request }) => {
      const body = (await request.json()) as { name: string; options: PresetOptions };
      state.calls.push({ method: 'POST', url: request.url, body });
      const refused = refusal();
      if (refused) return refused;
      const created = preset(`p-${state.presets.length + 1}`, body.name, body.options);
      state.presets.push(created);
      return HttpResponse.json({ preset: created });
    }),
    http.put('*/api/v1/presets/:id', async ({ request, params }) => {
      const body = (await request.json()) as { name?: string };
      state.calls.push({ method: 'PUT', url: request.url, body });
      const refused = refusal();
      if (refused) return refused;
      const index = state.presets.findIndex((item) => item.id === params.id);
      const changed = { ...state.presets[index]!, ...(body.name ? { name: body.name } : {}) };
      state.presets[index] = changed;
      return HttpResponse.json({ preset: changed });
    }),
    http.delete('*/api/v1/presets/:id', ({ request, params }) => {
      state.calls.push({ method: 'DELETE', url: request.url, body: null });
      state.presets = state.presets.filter((item) => item.id !== params.id);
      return HttpResponse.json({ deleted: true });
    }),
  );
  return state;
}
