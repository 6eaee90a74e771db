import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  saveFavoriteRequestSchema,
  saveFavoriteResponseSchema,
} from '@nocturne/contract/favorites/save-favorite';
import { isApiError, request } from '../../../lib/api-client';
import { favoritesQueryKey } from '../../../lib/query-keys';
import { imageSrcToBase64 } from '../utils/image-url';
import { generationsQueryKey } from './get-generations';

/**
 * `POST /api/v1/generations/{id}/favorite` with the image as base64. A 409 ALREADY_EXISTS means the
 * image is already in the gallery: for the user that is the same as saved.
 */
export async function saveFavorite({
  id,
  resultBase64,
}: {
  id: string;
  resultBase64: string;
}): Promise<void> {
  try {
    await request({
      method: 'POST',
      path: `/generations/${encodeURIComponent(id)}/favorite`,
      body: { schema: saveFavoriteRequestSchema, value: { result_base64: resultBase64 } },
      schema: saveFavoriteResponseSchema,
    });
  } catch (error) {
    if (isApiError(error) && error.code === 'ALREADY_EXISTS') return;
    throw error;
  }
}

/** Saves a shown image: its base64 is read from where it is shown (a data URL or its link). */
export function useSaveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, imageSrc }: { id: string; imageSrc: string }) =>
      saveFavorite({ id, resultBase64: await imageSrcToBase64(imageSrc) }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: generationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: favoritesQueryKey }),
      ]);
    },
  });
}
