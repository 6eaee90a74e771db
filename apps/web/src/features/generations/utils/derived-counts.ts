import type { Generation } from '@nocturne/contract/generations/generation';

export interface DerivedCount {
  variations: number;
  upscales: number;
  /** Regions of it repainted (kind `inpaint`). */
  repaints: number;
}

/**
 * How many variations, upscales and repainted regions of each source are among the loaded history rows, by source
 * id: the source's row lists them beside its own image.
 */
export function derivedCounts(
  rows: readonly Pick<Generation, 'kind' | 'source_generation_id'>[],
): Map<string, DerivedCount> {
  const counts = new Map<string, DerivedCount>();
  for (const row of rows) {
    if (row.kind === 'generate' || !row.source_generation_id) continue;
    const count = counts.get(row.source_generation_id) ?? {
      variations: 0,
      upscales: 0,
      repaints: 0,
    };
    if (row.kind === 'variation') count.variations += 1;
    else if (row.kind === 'inpaint') count.repaints += 1;
    else count.upscales += 1;
    counts.set(row.source_generation_id, count);
  }
  return counts;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "2 variations, 1 upscale, 1 repainted region" (the parts that are not zero). */
export function derivedCountText(count: DerivedCount): string {
  const parts = [
    count.variations > 0 ? plural(count.variations, 'variation') : null,
    count.upscales > 0 ? plural(count.upscales, 'upscale') : null,
    count.repaints > 0 ? plural(count.repaints, 'repainted region') : null,
  ];
  return parts.filter(Boolean).join(', ');
}

/** The anchor a history row gives each of its images, so a derived row can link to its source. */
export function generationAnchor(id: string): string {
  return `generation-${id}`;
}
