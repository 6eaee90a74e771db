import { queryOptions, useQuery } from '@tanstack/react-query';
import { findPresetsResponseSchema } from '@nocturne/contract/presets/find-presets';
import type { Preset } from '@nocturne/contract/presets/preset';
import { request } from '../../../lib/api-client';

/** `GET /api/v1/presets`: the person's saved options, by name. */
export async function getPresets(options: { signal?: AbortSignal } = {}): Promise<Preset[]> {
  const answer = await request({
    path: '/presets',
    signal: options.signal,
    schema: findPresetsResponseSchema,
  });
  return answer.presets;
}

export const presetsQueryKey = ['presets'] as const;

export const presetsQueryOptions = queryOptions({
  queryKey: presetsQueryKey,
  queryFn: ({ signal }) => getPresets({ signal }),
});

export function usePresetsQuery() {
  return useQuery(presetsQueryOptions);
}
