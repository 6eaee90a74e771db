import { bpe } from '../tokenizer/bpe';
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
  // Grow merges like BPE training would: while a word does not come out whole, merge its first two
  // pieces. Appended merges rank last, so they never change how earlier words split.
  const merges: string[] = [];
  const ranks = new Map<string, number>();
  for (const word of WORDS) {
    for (;;) {
      const pieces = bpe([...word], ranks);
      if (pieces.length < 2) break;
      const merge = `${pieces[0]} ${pieces[1]}`;
      ranks.set(merge, merges.length);
      merges.push(merge);
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
