/**
 * The allowed phrase a false positive starts from: the first matched word (the rules name the
 * minor-like words first, the ones most often misread, as in "kid gloves") with the word that
 * follows it in the prompt. The operator edits it before it is added.
 */
export function suggestPhrase(prompt: string, matched: readonly string[]): string {
  const words = prompt.split(/[\s,.;:!?()]+/u).filter(Boolean);
  for (const term of matched) {
    const termWords = term.toLowerCase().split(/\s+/u);
    const at = words.findIndex((_, index) =>
      termWords.every((word, offset) => words[index + offset]?.toLowerCase() === word),
    );
    if (at === -1) continue;
    return words.slice(at, at + termWords.length + 1).join(' ');
  }
  return '';
}
