const HTML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&apos;': "'",
  '&nbsp;': ' ',
};

/**
 * CLIP's `basic_clean` + `whitespace_clean` + lower-casing. The reference uses ftfy, which we
 * approximate with NFC normalisation and HTML unescaping (applied twice, as CLIP does).
 */
export function cleanText(text: string): string {
  let out = text.normalize('NFC');
  for (let i = 0; i < 2; i++) {
    out = out.replace(
      /&(?:amp|lt|gt|quot|#39|apos|nbsp);/g,
      (entity) => HTML_ENTITIES[entity] ?? entity,
    );
  }
  return out.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** CLIP's pre-tokenisation pattern (special tokens, contractions, letters, single digits, symbols). */
export const CLIP_PATTERN =
  /<\|startoftext\|>|<\|endoftext\|>|'s|'t|'re|'ve|'m|'ll|'d|[\p{L}]+|[\p{N}]|[^\s\p{L}\p{N}]+/giu;
