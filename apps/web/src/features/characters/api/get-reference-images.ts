import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/api-client';

/** How many of the person's latest images the picker offers. */
export const REFERENCE_CHOICES = 24;

/** Only what the picker reads of each image, so a newer server's fields never break it. */
const referenceImagesSchema = z.object({
  generations: z.array(
    z.object({
      id: z.string(),
      content_prompt: z.string(),
      result_image_url: z.string().nullable(),
    }),
  ),
});

export interface ReferenceImage {
  id: string;
  prompt: string;
  url: string;
}

/**
 * `GET /api/v1/generations?status=completed`: the person's latest finished images whose file is
 * still kept, newest first: what a character may hold as its reference.
 */
export async function getReferenceImages(signal?: AbortSignal): Promise<ReferenceImage[]> {
  const answer = await request({
    path: '/generations',
    query: { limit: REFERENCE_CHOICES, offset: 0, status: 'completed', orderBy: 'created_at' },
    signal,
    schema: referenceImagesSchema,
  });
  return answer.generations.flatMap((image) =>
    image.result_image_url
      ? [{ id: image.id, prompt: image.content_prompt, url: image.result_image_url }]
      : [],
  );
}

/** Read only while the picker is open. */
export function useReferenceImages(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['character-reference-images'] as const,
      queryFn: ({ signal }) => getReferenceImages(signal),
      enabled,
    }),
  );
}
