import { describe, expect, it } from 'vitest';
import { buildPreviewTokenizer } from '../preview/preview-tokenizer';
import { bpe } from './bpe';
import { BYTE_ENCODER } from './bytes-to-unicode';
import { createClipTokenizer } from './clip-tokenizer';

/**
 * A slice of the real CLIP ViT-L/14 / OpenCLIP vocabulary: these words keep their real ids
 * (e.g. "a photo of a cat" → 320 1125 539 320 2368), merges build each word left to right.
 */
const REAL_IDS: Record<string, number> = {
  'a</w>': 320,
  'photo</w>': 1125,
  'of</w>': 539,
  'cat</w>': 2368,
  'painting</w>': 3086,
  '!': 0,
  '<|startoftext|>': 49406,
  '<|endoftext|>': 49407,
};

function realSlice(padToken?: string) {
  const merges: string[] = [];
  const ranks = new Map<string, number>();
  for (const word of ['photo', 'of', 'cat', 'painting']) {
    for (let pieces = bpe([...word], ranks); pieces.length > 1; pieces = bpe([...word], ranks)) {
      ranks.set(`${pieces[0]} ${pieces[1]}`, merges.length);
      merges.push(`${pieces[0]} ${pieces[1]}`);
    }
  }
  const vocab: Record<string, number> = { ...REAL_IDS };
  BYTE_ENCODER.forEach((symbol, i) => {
    vocab[symbol] ??= 10_000 + i;
    vocab[`${symbol}</w>`] ??= 20_000 + i;
  });
  return createClipTokenizer({ vocab, merges, padToken });
}

describe('CLIP BPE tokenizer', () => {
  it('gives the known CLIP ids for sample prompts, framed by 49406 … 49407', () => {
    const tokenizer = realSlice();
    expect(tokenizer.encodeTokens('a photo of a cat')).toEqual([320, 1125, 539, 320, 2368]);
    expect(tokenizer.encodeTokens('A  Painting of a CAT')).toEqual([320, 3086, 539, 320, 2368]);
    const ids = tokenizer.encode('a photo of a cat');
    expect(ids).toHaveLength(77);
    expect([...ids.slice(0, 8)]).toEqual([49406, 320, 1125, 539, 320, 2368, 49407, 49407]);
  });

  it("pads with the model's own pad token (`!` = 0 for SD 2.x / SD-Turbo)", () => {
    const ids = realSlice('!').encode('a cat');
    expect([...ids.slice(0, 6)]).toEqual([49406, 320, 2368, 49407, 0, 0]);
    expect(ids[76]).toBe(0);
  });

  it('truncates to 77 tokens and always ends with the end token', () => {
    const ids = realSlice().encode(Array.from({ length: 100 }, () => 'cat').join(' '));
    expect(ids).toHaveLength(77);
    expect(ids[0]).toBe(49406);
    expect(ids[76]).toBe(49407);
    expect(ids[75]).toBe(2368);
  });

  it('splits punctuation and digits like CLIP and falls back to byte symbols', () => {
    const tokenizer = realSlice();
    const byteId = (s: string, end: boolean) => 10_000 * (end ? 2 : 1) + BYTE_ENCODER.indexOf(s);
    // "cat," → cat</w> then ",</w>"; "42" → one token per digit.
    expect(tokenizer.encodeTokens('cat, 42')).toEqual([
      2368,
      byteId(',', true),
      byteId('4', true),
      byteId('2', true),
    ]);
  });

  it('encodes non-ASCII text through the byte alphabet', () => {
    const { vocab, merges } = buildPreviewTokenizer();
    const tokenizer = createClipTokenizer({ vocab, merges });
    const ids = tokenizer.encodeTokens('Café ☕');
    expect(ids.every((id) => id !== tokenizer.endId)).toBe(true);
    // Decoding the pieces back through the byte alphabet restores the cleaned text.
    const byId = new Map(Object.entries(vocab).map(([token, id]) => [id, token]));
    const symbols = ids
      .map((id) => byId.get(id) ?? '?')
      .join('')
      .replaceAll('</w>', ' ');
    const bytes = [...symbols.trim()].map((ch) => (ch === ' ' ? 32 : BYTE_ENCODER.indexOf(ch)));
    expect(new TextDecoder().decode(Uint8Array.from(bytes))).toBe('café ☕');
  });

  it('learns whole-word tokens in the preview vocabulary', () => {
    const { vocab, merges } = buildPreviewTokenizer();
    const tokenizer = createClipTokenizer({ vocab, merges });
    expect(tokenizer.encodeTokens('astronaut riding a horse')).toEqual([
      vocab['astronaut</w>'],
      vocab['riding</w>'],
      vocab['a</w>'],
      vocab['horse</w>'],
    ]);
  });
});
