/** A phrase of age tokens, with what it stands for. */
export interface TokenPhrase<T> {
  tokens: readonly string[];
  value: T;
}

/**
 * Phrases of age tokens found at a position of the prompt's tokens by their first or last token:
 * one map lookup, then only the phrases that share it, however many languages list phrases.
 */
export class TokenPhrases<T = string> {
  private readonly byFirst = new Map<string, Array<TokenPhrase<T>>>();
  private readonly byLast = new Map<string, Array<TokenPhrase<T>>>();

  add(tokens: readonly string[], value: T) {
    const first = tokens[0];
    const last = tokens.at(-1);
    if (first === undefined || last === undefined) return;
    const phrase = { tokens, value };
    this.byFirst.set(first, [...(this.byFirst.get(first) ?? []), phrase]);
    this.byLast.set(last, [...(this.byLast.get(last) ?? []), phrase]);
  }

  /** The first phrase listed that starts at `index`. */
  startingAt(tokens: readonly string[], index: number): TokenPhrase<T> | undefined {
    return this.byFirst
      .get(tokens[index] ?? '')
      ?.find((phrase) => phrase.tokens.every((token, offset) => tokens[index + offset] === token));
  }

  /** The first phrase listed whose last token is at `index`. */
  endingAt(tokens: readonly string[], index: number): TokenPhrase<T> | undefined {
    return this.byLast.get(tokens[index] ?? '')?.find((phrase) => {
      const start = index - phrase.tokens.length + 1;
      return start >= 0 && phrase.tokens.every((token, offset) => tokens[start + offset] === token);
    });
  }
}
