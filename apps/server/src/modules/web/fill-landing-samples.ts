import type { LandingSample } from '@nocturne/contract/admin/landing-samples';
import {
  CHOSEN_SAMPLE_TEMPLATE_ID,
  LANDING_GALLERY_ATTRIBUTE,
  SAMPLE_IMAGE_SLOT,
  SAMPLE_PROMPT_SLOT,
} from '@nocturne/contract/landing-page-slots';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

const TEMPLATE = new RegExp(`<template id="${CHOSEN_SAMPLE_TEMPLATE_ID}">([\\s\\S]*?)</template>`);
const GALLERY = new RegExp(`<ul\\b[^>]*\\b${LANDING_GALLERY_ATTRIBUTE}=""[^>]*>`);

/**
 * The prerendered landing with the gallery's illustrations replaced by the chosen samples, each
 * from the page's own card template (decision 064); undefined when the page has no gallery or
 * template to fill (a build without them), so the caller sends the page as built.
 */
export function fillLandingSamples(html: string, samples: LandingSample[]): string | undefined {
  const template = TEMPLATE.exec(html);
  const gallery = GALLERY.exec(html);
  if (!template?.[1] || !gallery) return undefined;
  const listStart = gallery.index + gallery[0].length;
  const listEnd = html.indexOf('</ul>', listStart);
  if (listEnd < 0 || template.index < listEnd) return undefined;
  const card = template[1];
  // Replaced by functions: a replacement string would expand the $-patterns ($&, $`, $', $1) a
  // person's prompt may hold, and that escaping itself makes (`&` becomes `&amp;`).
  const items = samples
    .map((sample) =>
      card
        .replaceAll(SAMPLE_PROMPT_SLOT, () => escapeHtml(sample.prompt))
        .replaceAll(SAMPLE_IMAGE_SLOT, () => escapeHtml(sample.image_url)),
    )
    .join('');
  return (
    html.slice(0, listStart) +
    items +
    html.slice(listEnd, template.index) +
    html.slice(template.index + template[0].length)
  );
}
