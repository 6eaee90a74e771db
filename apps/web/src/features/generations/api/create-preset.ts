import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createPresetRequestSchema,
  createPresetResponseSchema,
  type CreatePresetRequest,
} from '@nocturne/contract/presets/create-preset';
import type { Preset } from '@nocturne/contract/presets/preset';
import { request } from '../../../lib/api-client';
import { presetsQueryKey } from './get-presets';

/** `POST /api/v1/presets`. Not retried: a 409 (limit, name taken) is the final answer. */
export async function createPreset(value: CreatePresetRequest): Promise<Preset> {
  const answer = await request({
    method: 'POST',
    path: '/presets',
    body: { schema: createPresetRequestSchema, value },
    retry: false,
    schema: createPresetResponseSchema,
  });
  return answer.preset;
}

export function useCreatePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPreset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetsQueryKey }),
  });
}
