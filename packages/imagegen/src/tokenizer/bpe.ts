/**
 * Byte-pair encoding of one pre-token with CLIP's end-of-word marker on its last symbol: merge the
 * lowest-ranked adjacent pair until no ranked pair remains.
 */
export function bpe(symbols: readonly string[], ranks: ReadonlyMap<string, number>): string[] {
  if (symbols.length === 0) return [];
  let word = [...symbols.slice(0, -1), `${symbols[symbols.length - 1]}</w>`];
  while (word.length > 1) {
    let bestRank = Infinity;
    let bestIndex = -1;
    for (let i = 0; i < word.length - 1; i++) {
      const rank = ranks.get(`${word[i]} ${word[i + 1]}`);
      if (rank !== undefined && rank < bestRank) {
        bestRank = rank;
        bestIndex = i;
      }
    }
    if (bestIndex < 0) break;
    const first = word[bestIndex] as string;
    const second = word[bestIndex + 1] as string;
    // Merge every occurrence of the pair in one pass, left to right, like the reference.
    const merged: string[] = [];
    for (let i = 0; i < word.length; i++) {
      if (i < word.length - 1 && word[i] === first && word[i + 1] === second) {
        merged.push(first + second);
        i++;
      } else {
        merged.push(word[i] as string);
      }
    }
    word = merged;
  }
  return word;
}
