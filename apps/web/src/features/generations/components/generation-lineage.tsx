import type { Generation } from '@nocturne/contract/generations/generation';
import { derivedCountText, generationAnchor, type DerivedCount } from '../utils/derived-counts';

const SHORT_ID_LENGTH = 8;

type DerivedImage = Pick<
  Generation,
  'kind' | 'source_generation_id' | 'strength' | 'upscale_factor'
>;

/** What a derived image is, before its source: "Variation (subtle) of", "Repainted region of"… */
function derivedFromWords(image: DerivedImage): string {
  if (image.kind === 'variation') return `Variation (${image.strength ?? 'subtle'}) of`;
  if (image.kind === 'inpaint') return 'Repainted region of';
  return `Upscaled ×${image.upscale_factor ?? 2} from`;
}

/**
 * "Variation (subtle) of image 1a2b3c4d", "Repainted region of image …" / "Upscaled ×2 from image …", linking to the source's
 * row; nothing for an image made from a prompt.
 */
export function DerivedFromLine({ image }: { image: DerivedImage }) {
  if (image.kind === 'generate') return null;
  const what = derivedFromWords(image);
  const source = image.source_generation_id;
  return (
    <p className="mt-1 text-xs text-zinc-400">
      {what}{' '}
      {source ? (
        <a
          href={`#${generationAnchor(source)}`}
          className="font-medium text-accent-300 hover:text-accent-400"
        >
          image {source.slice(0, SHORT_ID_LENGTH)}
        </a>
      ) : (
        'a deleted image'
      )}
    </p>
  );
}

/** "Made from this image: 2 variations, 1 upscale, 1 repainted region" on a source's row. */
export function DerivedCountLine({ count }: { count: DerivedCount | undefined }) {
  if (!count) return null;
  return (
    <p className="mt-1 text-xs text-zinc-400">Made from this image: {derivedCountText(count)}</p>
  );
}
