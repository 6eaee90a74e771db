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
const LIST_ITEM_TAG = /<li\b[^>]*>|<\/li>/g;
const LIST_TAG = /<ul\b[^>]*>|<\/ul>/g;

/** Where the list opened just before `from` closes, past any list inside it; -1 if it never does. */
function findListEnd(html: string, from: number): number {
  let depth = 1;
  for (const tag of html.slice(from).matchAll(LIST_TAG)) {
    depth += tag[0] === '</ul>' ? -1 : 1;
    if (depth === 0) return from + tag.index;
  }
  return -1;
}

/**
 * The list's own items as written, in order; an item's inner lists stay inside it. Undefined
 * when the tags do not pair up, so the caller keeps the page as built rather than break it.
 */
function splitListItems(list: string): string[] | undefined {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (const tag of list.matchAll(LIST_ITEM_TAG)) {
    if (tag[0] !== '</li>') {
      if (depth === 0) start = tag.index;
      depth += 1;
      continue;
    }
    depth -= 1;
    if (depth < 0) return undefined;
    if (depth === 0) items.push(list.slice(start, tag.index + tag[0].length));
  }
  return depth === 0 ? items : undefined;
}

/** One chosen sample's card: the template with its slots filled, escaped. */
function fillCard(card: string, sample: LandingSample): string {
  // Replaced by functions: a replacement string would expand the $-patterns ($&, $`, $', $1) a
  // person's prompt may hold, and that escaping itself makes (`&` becomes `&amp;`).
  return card
    .replaceAll(SAMPLE_PROMPT_SLOT, () => escapeHtml(sample.prompt))
    .replaceAll(SAMPLE_IMAGE_SLOT, () => escapeHtml(sample.image_url));
}

/**
 * The prerendered landing with the chosen samples first in the gallery, each from the page's own
 * card template (decision 064), and the built-in illustrations after them, so the gallery keeps
 * as many cards as it was built with; more samples than that are all shown. Undefined when the
 * page has no gallery or template to fill (a build without them), so the caller sends the page as
 * built.
 */
export function fillLandingSamples(html: string, samples: LandingSample[]): string | undefined {
  const template = TEMPLATE.exec(html);
  const gallery = GALLERY.exec(html);
  if (!template?.[1] || !gallery) return undefined;
  const listStart = gallery.index + gallery[0].length;
  const listEnd = findListEnd(html, listStart);
  if (listEnd < 0 || template.index < listEnd) return undefined;
  const illustrations = splitListItems(html.slice(listStart, listEnd));
  if (!illustrations) return undefined;
  const chosen = samples.map((sample) => fillCard(template[1]!, sample));
  const items = [
    ...chosen,
    ...illustrations.slice(0, Math.max(0, illustrations.length - chosen.length)),
  ];
  return (
    html.slice(0, listStart) +
    items.join('') +
    html.slice(listEnd, template.index) +
    html.slice(template.index + template[0].length)
  );
}
