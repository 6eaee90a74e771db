import type { Favorite } from '@nocturne/contract/favorites/save-favorite';
import type { favorites } from '../generations-tables';
import type { ImageStore } from '../../images/image-store';

export type FavoriteRow = typeof favorites.$inferSelect;

export function toFavorite(row: FavoriteRow, urlFor: ImageStore['urlFor']): Favorite {
  return {
    id: row.id,
    generation_id: row.generationId,
    source_prompt: row.sourcePrompt,
    content_prompt: row.contentPrompt,
    result_image_url: urlFor(row.imagePath),
    created_at: row.createdAt.toISOString(),
    settings: row.settings ?? null,
  };
}
