import { CANCELLED_REASON } from '@nocturne/contract/generations/cancel-generation';
import type { DetailImage } from '../../../components/images/image-detail-modal';
import { imageHostUrl } from '../../../lib/image-host-url';
import type { GenerationListItem } from '../api/generation-list-schema';
import { generationLorasText } from './lora-texts';

export type HistoryEntry = [GenerationListItem, ...GenerationListItem[]];

/**
 * The history's rows as entries: the server sends each submit's images together and in order
 * (GET /generations pages by submit), so consecutive rows of one request id are one entry.
 */
export function historyEntries(rows: GenerationListItem[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  for (const row of rows) {
    const last = entries.at(-1);
    if (last && last[0].request_id === row.request_id) last.push(row);
    else entries.push([row]);
  }
  return entries;
}

/** One badge per distinct state among the images (a batch may be part done, part failed). */
export function statusBadges(images: GenerationListItem[]): GenerationListItem[] {
  const seen = new Set<string>();
  return images.filter((image) => {
    const key = `${image.status}:${image.error === CANCELLED_REASON}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function detailImage(image: GenerationListItem, modelName?: string): DetailImage {
  return {
    id: image.id,
    src: imageHostUrl(image.result_image_url ?? ''),
    sourcePrompt: image.source_prompt,
    // The prompt this image got: its choices expanded, when the prompt had any.
    contentPrompt: image.expanded_prompt ?? image.content_prompt,
    createdAt: image.created_at,
    options: {
      negativePrompt: image.negative_prompt,
      seed: image.seed,
      aspectRatio: image.aspect_ratio,
      quality: image.quality,
      style: image.style,
      imageIndex: image.image_index,
      imageCount: image.image_count,
      model: modelName ?? null,
      ...(image.loras?.length ? { loras: generationLorasText(image.loras) } : {}),
    },
  };
}
