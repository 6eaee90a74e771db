/**
 * The writing rules of `{a|b}` choices (docs/decisions/061-presets-and-prompt-choices.md), checked
 * before a submit: groups do not nest, every `{` has its `}`, and a group offers at least one
 * option that is not empty. An empty option beside others stays allowed (`{very |}` makes a word
 * optional), and a `}` or `|` outside a group stays literal text. A backslash makes the next `{`,
 * `}`, `|` or `\` literal, as in the expansion (text/prompt-choices.ts). The web field shows the
 * first problem under the prompt and the server refuses it with PROMPT_CHOICES_INVALID, both with
 * promptChoicesProblemMessage.
 */

const ESCAPABLE = new Set(['{', '}', '|', '\\']);

export type PromptChoicesProblemKind = 'nested' | 'unclosed' | 'empty-group';

export interface PromptChoicesProblem {
  kind: PromptChoicesProblemKind;
  /** The character the problem is at, counted from 1 as a person counts. */
  position: number;
}

/** The first problem in how the prompt writes its choices; null when it has none. */
export function findPromptChoicesProblem(prompt: string): PromptChoicesProblem | null {
  // The open group's `{` index and the text of its options so far, bars left out.
  let group: { start: number; text: string } | null = null;
  for (let index = 0; index < prompt.length; index += 1) {
    const char = prompt[index] ?? '';
    if (char === '\\' && ESCAPABLE.has(prompt[index + 1] ?? '')) {
      if (group) group.text += prompt[index + 1];
      index += 1;
    } else if (char === '{') {
      if (group) return { kind: 'nested', position: index + 1 };
      group = { start: index, text: '' };
    } else if (char === '}' && group) {
      if (group.text.trim() === '') return { kind: 'empty-group', position: group.start + 1 };
      group = null;
    } else if (group && char !== '|') group.text += char;
  }
  return group ? { kind: 'unclosed', position: group.start + 1 } : null;
}

const REASONS: Record<PromptChoicesProblemKind, string> = {
  nested: 'a { opens inside another group, and groups cannot nest',
  unclosed: 'this { has no closing }',
  'empty-group': 'this group has no choice to pick',
};

/** The sentence the field and the server's PROMPT_CHOICES_INVALID both say. */
export function promptChoicesProblemMessage(problem: PromptChoicesProblem): string {
  return (
    `The choices in your prompt have a problem at character ${problem.position}: ` +
    `${REASONS[problem.kind]}. Write \\{ for a literal brace.`
  );
}
