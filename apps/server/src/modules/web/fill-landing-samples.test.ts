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

  it('puts the chosen samples first and fills the rest of the row with illustrations', () => {
    const illustrations = ['one', 'two', 'three', 'four'].map(
      (name) => `<li class="card"><figure>Illustration ${name}</figure></li>`,
    );
    const page =
      `<ul ${LANDING_GALLERY_ATTRIBUTE}="" class="grid">${illustrations.join('')}</ul>` +
      `<template id="${CHOSEN_SAMPLE_TEMPLATE_ID}">${CARD}</template>`;
    const html = fillLandingSamples(page, [
      { id: 'f1', prompt: 'an owl', image_url: '/landing/samples/f1.png' },
      { id: 'f2', prompt: 'a fox', image_url: '/landing/samples/f2.png' },
    ]);
    expect(html).toBe(
      `<ul ${LANDING_GALLERY_ATTRIBUTE}="" class="grid">` +
        `<li><img src="/landing/samples/f1.png" alt="an owl"/><p>an owl</p></li>` +
        `<li><img src="/landing/samples/f2.png" alt="a fox"/><p>a fox</p></li>` +
        `${illustrations[0]}${illustrations[1]}</ul>`,
    );
  });

  it('shows every chosen sample and no illustration when they fill the row', () => {
    const samples = ['f1', 'f2', 'f3'].map((id) => ({
      id,
      prompt: id,
      image_url: `/landing/samples/${id}.png`,
    }));
    const page =
      `<ul ${LANDING_GALLERY_ATTRIBUTE}=""><li>Illustration<ul><li>a</li></ul></li><li>Illustration</li></ul>` +
      `<template id="${CHOSEN_SAMPLE_TEMPLATE_ID}">${CARD}</template>`;
    const html = fillLandingSamples(page, samples);
    expect(html).not.toContain('Illustration');
    expect(html?.match(/<img /g)).toHaveLength(3);
  });

  it('keeps an illustration whole, its inner list included', () => {
    const nested = '<li>Illustration<ul><li>a</li><li>b</li></ul></li>';
    const page =
      `<ul ${LANDING_GALLERY_ATTRIBUTE}="">${nested}<li>Illustration two</li></ul>` +
      `<template id="${CHOSEN_SAMPLE_TEMPLATE_ID}">${CARD}</template>`;
    const html = fillLandingSamples(page, [{ id: 'f1', prompt: 'x', image_url: '/x.png' }]);
    expect(html).toBe(
      `<ul ${LANDING_GALLERY_ATTRIBUTE}=""><li><img src="/x.png" alt="x"/><p>x</p></li>${nested}</ul>`,
    );
  });
});
