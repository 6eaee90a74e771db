import { bpe } from './bpe';
import { bytesToSymbols } from './bytes-to-unicode';
import { CLIP_PATTERN, cleanText } from './clean-text';

export const CLIP_MAX_LENGTH = 77;

export interface ClipTokenizerData {
  /** token → id, as in the model's `tokenizer/vocab.json`. */
  vocab: Record<string, number>;
  /** BPE merges in rank order, "a b" per entry (the `merges.txt` lines without the header). */
  merges: string[];
  /** The model's own pad token: `<|endoftext|>` for SD 1.x, `!` for SD 2.x / SD-Turbo. */
  padToken?: string;
  maxLength?: number;
}

export interface ClipTokenizer {
  readonly startId: number;
  readonly endId: number;
  readonly padId: number;
  readonly maxLength: number;
  /** Token ids without start/end, no truncation. */
  encodeTokens(text: string): number[];
  /** start + tokens + end, truncated and padded to `maxLength`. */
  encode(text: string): Int32Array;
}

function requireId(vocab: Record<string, number>, token: string): number {
  const id = vocab[token];
  if (id === undefined) throw new Error(`Tokenizer vocab has no ${JSON.stringify(token)} token.`);
  return id;
}

export function createClipTokenizer(data: ClipTokenizerData): ClipTokenizer {
  const vocab = data.vocab;
  const ranks = new Map<string, number>();
  data.merges.forEach((merge, rank) => ranks.set(merge, rank));
  const startId = requireId(vocab, '<|startoftext|>');
  const endId = requireId(vocab, '<|endoftext|>');
  const padId = requireId(vocab, data.padToken ?? '<|endoftext|>');
  const maxLength = data.maxLength ?? CLIP_MAX_LENGTH;
  const cache = new Map<string, number[]>();

  function encodeWord(word: string): number[] {
    const cached = cache.get(word);
    if (cached) return cached;
    if (word === '<|startoftext|>') return [startId];
    if (word === '<|endoftext|>') return [endId];
    // CLIP maps unknown pieces to its unk token, which is <|endoftext|>.
    const ids = bpe(bytesToSymbols(word), ranks).map((piece) => vocab[piece] ?? endId);
    if (cache.size < 10_000) cache.set(word, ids);
    return ids;
  }

  function encodeTokens(text: string): number[] {
    const words = cleanText(text).match(CLIP_PATTERN) ?? [];
    return words.flatMap(encodeWord);
  }

  function encode(text: string): Int32Array {
    const body = encodeTokens(text).slice(0, maxLength - 2);
    const ids = new Int32Array(maxLength).fill(padId);
    ids[0] = startId;
    ids.set(body, 1);
    ids[body.length + 1] = endId;
    return ids;
  }

  return { startId, endId, padId, maxLength, encodeTokens, encode };
}
