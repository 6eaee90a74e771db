import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preset } from '@nocturne/contract/presets/preset';
import {
  updatePresetRequestSchema,
  updatePresetResponseSchema,
  type UpdatePresetRequest,
} from '@nocturne/contract/presets/update-preset';
import { request } from '../../../lib/api-client';
import { presetsQueryKey } from './get-presets';

/** `PUT /api/v1/presets/{id}`: rename, new options, or both. */
export async function updatePreset({
  id,
  change,
}: {
  id: string;
  change: UpdatePresetRequest;
}): Promise<Preset> {
  const answer = await request({
    method: 'PUT',
    path: `/presets/${encodeURIComponent(id)}`,
    body: { schema: updatePresetRequestSchema, value: change },
    retry: false,
    schema: updatePresetResponseSchema,
  });
  return answer.preset;
}

export function useUpdatePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetsQueryKey }),
  });
}
