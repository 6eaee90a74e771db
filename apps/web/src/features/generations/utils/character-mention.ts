/** An `@` being typed at the caret: where it starts and the letters after it so far. */
export interface Mention {
  start: number;
  query: string;
}

/** The `@name` the caret is at the end of, as prompt-references.ts reads one, or null. */
export function mentionAtCaret(text: string, caret: number): Mention | null {
  const match = /(?<![A-Za-z0-9_])@([A-Za-z0-9_]*)$/.exec(text.slice(0, caret));
  return match ? { start: match.index, query: match[1] ?? '' } : null;
}

/** The character names that complete `query`, in their order, case aside. */
export function namesMatching(names: readonly string[], query: string, limit = 8): string[] {
  const start = query.toLowerCase();
  return names.filter((name) => name.toLowerCase().startsWith(start)).slice(0, limit);
}

/**
 * The text with the mention at `caret` replaced by `@name` and a space (unless one follows), and
 * where the caret goes: after them.
 */
export function completeMention(
  text: string,
  mention: Mention,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const after = text.slice(caret);
  const inserted = `@${name}${/^\s/.test(after) ? '' : ' '}`;
  return {
    text: text.slice(0, mention.start) + inserted + after,
    caret: mention.start + inserted.length,
  };
}
