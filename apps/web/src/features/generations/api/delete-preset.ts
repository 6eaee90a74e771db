import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePresetResponseSchema } from '@nocturne/contract/presets/delete-preset';
import { request } from '../../../lib/api-client';
import { presetsQueryKey } from './get-presets';

/** `DELETE /api/v1/presets/{id}`. */
export async function deletePreset(id: string): Promise<void> {
  await request({
    method: 'DELETE',
    path: `/presets/${encodeURIComponent(id)}`,
    retry: false,
    schema: deletePresetResponseSchema,
  });
}

export function useDeletePreset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePreset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: presetsQueryKey }),
  });
}
