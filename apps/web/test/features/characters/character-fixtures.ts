import { http, HttpResponse } from 'msw';
import type { Character } from '@nocturne/contract/characters/character';
import type { Wildcard } from '@nocturne/contract/wildcards/wildcard';
import { server } from '../../support/msw-server';

/** A character as the API answers it. */
export function character(id: string, name: string, description: string): Character {
  return {
    id,
    name,
    description,
    reference_generation_id: null,
    reference_image_url: null,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  };
}

/** A wildcard list as the API answers it. */
export function wildcard(name: string, values: string[]): Wildcard {
  return { name, values, updated_at: '2026-11-20T10:00:00.000Z' };
}

type Refusal = { status: number; error: string; message: string };
type CharacterBody = { name: string; description: string; reference_generation_id?: string | null };

/** The reference fields a write sets, as the server answers them (its thumbnail at /images/{id}). */
function referenceOf(body: CharacterBody): Partial<Character> {
  const id = body.reference_generation_id;
  if (id === undefined) return {};
  return { reference_generation_id: id, reference_image_url: id ? `/images/${id}.png` : null };
}

/**
 * /api/v1/characters over a list held here, as the server keeps it; the requests it got are in
 * `calls`. `refuse` answers the next write with that error instead.
 */
export function serveCharacters(initial: Character[] = []) {
  const state = {
    characters: [...initial],
    calls: [] as Array<{ method: string; url: string; body: unknown }>,
    refuse: null as Refusal | null,
  };
  const refusal = () => {
    const answer = state.refuse;
    state.refuse = null;
    return answer && HttpResponse.json(answer, { status: answer.status });
  };
  server.use(
    http.get('*/api/v1/characters', () => HttpResponse.json({ characters: state.characters })),
    http.post('*/api/v1/characters', async ({ request }) => {
      const body = (await request.json()) as CharacterBody;
      state.calls.push({ method: 'POST', url: request.url, body });
      const refused = refusal();
      if (refused) return refused;
      const created = {
        ...character(`c-${state.characters.length + 1}`, body.name, body.description),
        ...referenceOf(body),
      };
      state.characters.push(created);
      return HttpResponse.json({ character: created });
    }),
    http.put('*/api/v1/characters/:id', async ({ request, params }) => {
      const body = (await request.json()) as CharacterBody;
      state.calls.push({ method: 'PUT', url: request.url, body });
      const refused = refusal();
      if (refused) return refused;
      const index = state.characters.findIndex((item) => item.id === params.id);
      const { reference_generation_id: _, ...text } = body;
      const changed = { ...state.characters[index]!, ...text, ...referenceOf(body) };
      state.characters[index] = changed;
      return HttpResponse.json({ character: changed });
    }),
    http.delete('*/api/v1/characters/:id', ({ request, params }) => {
      state.calls.push({ method: 'DELETE', url: request.url, body: null });
      state.characters = state.characters.filter((item) => item.id !== params.id);
      return HttpResponse.json({ deleted: true });
    }),
  );
  return state;
}

/** /api/v1/wildcards over the person's lists and the shared ones held here. */
export function serveWildcards(own: Wildcard[] = [], shared: Wildcard[] = []) {
  const state = {
    wildcards: [...own],
    shared,
    calls: [] as Array<{ method: string; url: string; body: unknown }>,
    refuse: null as Refusal | null,
  };
  const refusal = () => {
    const answer = state.refuse;
    state.refuse = null;
    return answer && HttpResponse.json(answer, { status: answer.status });
  };
  server.use(
    http.get('*/api/v1/wildcards', () =>
      HttpResponse.json({ wildcards: state.wildcards, shared: state.shared }),
    ),
    http.post('*/api/v1/wildcards', async ({ request }) => {
      const body = (await request.json()) as { name: string; values: string[] };
      state.calls.push({ method: 'POST', url: request.url, body });
      const refused = refusal();
      if (refused) return refused;
      const created = wildcard(body.name, body.values);
      state.wildcards.push(created);
      return HttpResponse.json({ wildcard: created });
    }),
    http.delete('*/api/v1/wildcards/:name', ({ request, params }) => {
      state.calls.push({ method: 'DELETE', url: request.url, body: null });
      state.wildcards = state.wildcards.filter((item) => item.name !== params.name);
      return HttpResponse.json({ deleted: true });
    }),
  );
  return state;
}
