import type { Generation } from '@nocturne/contract/generations/generation';
import type { FavoriteSettings, generations } from './generations-tables';
import type { ImageStore } from '../images/image-store';

export type GenerationRow = typeof generations.$inferSelect;

/** The result file is served only while retained (RESULT_RETENTION_HOURS after completion). */
export function isResultRetained(row: GenerationRow, now: Date): boolean {
  return (
    row.status === 'completed' &&
    row.resultPath !== null &&
    (row.resultExpiresAt === null || row.resultExpiresAt.getTime() > now.getTime())
  );
}

/** What made it: a prompt, or a variation/upscale of another of the person's results. */
export function derivationOf(row: GenerationRow) {
  return {
    kind: row.kind,
    source_generation_id: row.sourceGenerationId,
    strength: row.strength,
    upscale_factor: row.upscaleFactor,
  };
}

/**
 * Which image of which submit an event is about (all images of a submit share the channel); a
 * variation's or upscale's events also say what it was made from.
 */
export function imageOf(row: GenerationRow) {
  return {
    request_id: row.requestId,
    generation_id: row.id,
    image_index: row.imageIndex,
    model: row.model,
    ...(row.kind === 'generate' ? {} : derivationOf(row)),
  };
}

/** A row as the API shows it (contract generationSchema). */
export function toGeneration(
  row: GenerationRow,
  isFavorite: boolean,
  urlFor: ImageStore['urlFor'],
  now = new Date(),
): Generation {
  return {
    id: row.id,
    request_id: row.requestId,
    status: row.status,
    source_prompt: row.sourcePrompt,
    content_prompt: row.contentPrompt,
    expanded_prompt: row.expandedPrompt,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    error: row.error,
    result_image_url: isResultRetained(row, now) && row.resultPath ? urlFor(row.resultPath) : null,
    is_favorite: isFavorite,
    negative_prompt: row.negativePrompt,
    seed: row.seed,
    aspect_ratio: row.aspectRatio,
    quality: row.quality,
    style: row.style,
    image_count: row.imageCount,
    image_index: row.imageIndex,
    ignored_options: row.ignoredOptions,
    model: row.model,
    ...(row.loras.length > 0
      ? { loras: row.loras.map(({ id, name, weight }) => ({ id, name, weight })) }
      : {}),
    ...derivationOf(row),
  };
}

/** The settings a favorite keeps of the image it was saved from. */
export function toFavoriteSettings(row: GenerationRow): FavoriteSettings {
  return {
    negative_prompt: row.negativePrompt,
    seed: row.seed,
    aspect_ratio: row.aspectRatio,
    quality: row.quality,
    style: row.style,
  };
}
