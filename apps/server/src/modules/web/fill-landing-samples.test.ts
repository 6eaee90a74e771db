import {
  CHOSEN_SAMPLE_TEMPLATE_ID,
  LANDING_GALLERY_ATTRIBUTE,
  SAMPLE_IMAGE_SLOT,
  SAMPLE_PROMPT_SLOT,
} from '@nocturne/contract/landing-page-slots';
import { describe, expect, it } from 'vitest';
import { fillLandingSamples } from './fill-landing-samples';

const CARD = `<li><img src="${SAMPLE_IMAGE_SLOT}" alt="${SAMPLE_PROMPT_SLOT}"/><p>${SAMPLE_PROMPT_SLOT}</p></li>`;
const PAGE =
  `<main><ul ${LANDING_GALLERY_ATTRIBUTE}=""><li>Illustration</li></ul>` +
  `<template id="${CHOSEN_SAMPLE_TEMPLATE_ID}">${CARD}</template></main>`;

describe('fillLandingSamples', () => {
  it("fills a prompt's $-patterns in literally: $` $& $' $1 $$ are what the person typed", () => {
    const prompt = "an owl $` $& $' $1 $$ $<name>";
    const html = fillLandingSamples(PAGE, [
      { id: 'f1', prompt, image_url: '/landing/samples/f1.png?$&' },
    ]);
    expect(html).toBe(
      `<main><ul ${LANDING_GALLERY_ATTRIBUTE}="">` +
        `<li><img src="/landing/samples/f1.png?$&amp;" alt="an owl $\` $&amp; $&#39; $1 $$ $&lt;name&gt;"/>` +
        `<p>an owl $\` $&amp; $&#39; $1 $$ $&lt;name&gt;</p></li></ul></main>`,
    );
  });
});
