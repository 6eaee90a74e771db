import type { LandingSample } from '../data/samples';
import { SampleArtwork } from './sample-artwork';

/**
 * One landing sample: a built-in illustration of a sample prompt, drawn for the page and not by
 * the image model, so it says "Illustration" rather than claiming Nocturne made it.
 */
export function SampleCard({ sample }: { sample: LandingSample }) {
  return (
    <figure className="group relative aspect-[4/5] overflow-hidden rounded-2xl border border-glass-border bg-night-800 shadow-panel">
      <div className="absolute inset-0 transition duration-700 group-hover:scale-105">
        <SampleArtwork sample={sample} />
      </div>
      <div className="absolute inset-x-0 bottom-0 h-2/3 bg-gradient-to-t from-night-950/95 via-night-950/55 to-transparent" />
      <span className="absolute top-3 left-3 rounded-full border border-white/15 bg-night-950/50 px-2.5 py-1 text-[11px] font-medium tracking-wide text-white backdrop-blur-md">
        {sample.tag}
      </span>
      <figcaption className="absolute inset-x-0 bottom-0 p-3.5 sm:p-4">
        <p className="line-clamp-3 text-[13px] leading-snug text-zinc-100 sm:text-sm">
          “{sample.prompt}”
        </p>
        <p className="mt-2 text-right text-[10px] font-medium tracking-[0.18em] text-white/55 uppercase">
          Illustration
        </p>
      </figcaption>
    </figure>
  );
}
