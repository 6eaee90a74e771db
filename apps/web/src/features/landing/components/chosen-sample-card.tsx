import {
  CHOSEN_SAMPLE_TEMPLATE_ID,
  SAMPLE_IMAGE_SLOT,
  SAMPLE_PROMPT_SLOT,
} from '@nocturne/contract/landing-page-slots';

/**
 * One sample an operator chose from images Nocturne made: the image with its prompt, labelled
 * "Made with Nocturne" (the built-in illustrations say "Illustration").
 */
export function ChosenSampleCard({ prompt, imageUrl }: { prompt: string; imageUrl: string }) {
  return (
    <figure className="group relative aspect-[4/5] overflow-hidden rounded-2xl border border-glass-border bg-night-800 shadow-panel">
      <img
        src={imageUrl}
        alt={prompt}
        loading="lazy"
        decoding="async"
        className="absolute inset-0 h-full w-full object-cover transition duration-700 group-hover:scale-105"
      />
      <div className="absolute inset-x-0 bottom-0 h-2/3 bg-gradient-to-t from-night-950/95 via-night-950/55 to-transparent" />
      <figcaption className="absolute inset-x-0 bottom-0 p-3.5 sm:p-4">
        <p className="line-clamp-3 text-[13px] leading-snug text-zinc-100 sm:text-sm">“{prompt}”</p>
        <p className="mt-2 text-right text-[10px] font-medium tracking-[0.18em] text-white/55 uppercase">
          Made with Nocturne
        </p>
      </figcaption>
    </figure>
  );
}

/**
 * The card with slots instead of a sample, in an inert `<template>` of the prerendered landing:
 * the server fills it for each chosen sample (decision 064), so the markup and its styles stay
 * the web's own.
 */
export function ChosenSampleTemplate() {
  return (
    <template id={CHOSEN_SAMPLE_TEMPLATE_ID}>
      <li>
        <ChosenSampleCard prompt={SAMPLE_PROMPT_SLOT} imageUrl={SAMPLE_IMAGE_SLOT} />
      </li>
    </template>
  );
}
