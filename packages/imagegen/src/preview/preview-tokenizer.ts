import { BYTE_ENCODER } from '../tokenizer/bytes-to-unicode';

/** Words whose whole-word tokens the preview vocab learns; anything else falls back to bytes. */
const WORDS = [
  'a',
  'an',
  'the',
  'of',
  'in',
  'on',
  'and',
  'with',
  'at',
  'photo',
  'painting',
  'portrait',
  'cat',
  'dog',
  'city',
  'night',
  'forest',
  'sunset',
  'mountain',
  'ocean',
  'space',
  'red',
  'blue',
  'green',
  'castle',
  'robot',
  'flower',
  'neon',
  'astronaut',
  'horse',
  'riding',
  'river',
  'sky',
  'moon',
  'dragon',
  'garden',
  'street',
  'rain',
  'snow',
  'gold',
  'dark',
  'light',
  'abstract',
  'landscape',
];

export interface TokenizerFiles {
  vocab: Record<string, number>;
  merges: string[];
}

/**
 * A tiny vocabulary laid out exactly like CLIP's: 256 byte symbols, the same with `</w>`, one
 * token per merge, then the two special tokens — so the real BPE code runs unchanged on it.
 */
export function buildPreviewTokenizer(): TokenizerFiles {
  const merges: string[] = [];
  const seen = new Set<string>();
  for (const word of WORDS) {
    const symbols = [...word];
    let current = symbols[0] as string;
    for (let i = 1; i < symbols.length; i++) {
      const next = i === symbols.length - 1 ? `${symbols[i]}</w>` : (symbols[i] as string);
      const merge = `${current} ${next}`;
      if (!seen.has(merge)) {
        seen.add(merge);
        merges.push(merge);
      }
      current += next;
    }
  }
  const tokens = [
    ...BYTE_ENCODER,
    ...BYTE_ENCODER.map((s) => `${s}</w>`),
    ...merges.map((m) => m.replace(' ', '')),
    '<|startoftext|>',
    '<|endoftext|>',
  ];
  const vocab: Record<string, number> = {};
  for (const token of tokens) if (!(token in vocab)) vocab[token] = Object.keys(vocab).length;
  return { vocab, merges };
}
