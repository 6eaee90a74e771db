import { LANDING_GALLERY_ATTRIBUTE } from '@nocturne/contract/landing-page-slots';
import { useState } from 'react';
import { pickLandingSamples } from '../data/samples';
import { SampleCard } from './sample-card';

/** Spec §2: 8 random samples drawn from the 10 sample prompts, fixed for the page's lifetime. */
export function SampleGallery() {
  const [samples] = useState(() => pickLandingSamples());
  return (
    <section aria-labelledby="gallery-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
      <div className="mb-8 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="gallery-heading" className="font-display text-3xl font-semibold text-white">
            From prompt to picture
          </h2>
          <p className="mt-2 max-w-xl text-sm text-zinc-400">
            A few ideas people bring to life. Every style, one sentence away.
          </p>
        </div>
      </div>
      {/* The server puts an operator's chosen samples in this list (decision 064). */}
      <ul
        {...{ [LANDING_GALLERY_ATTRIBUTE]: '' }}
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      >
        {samples.map((sample) => (
          <li key={sample.id}>
            <SampleCard sample={sample} />
          </li>
        ))}
      </ul>
    </section>
  );
}
