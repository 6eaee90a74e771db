/**
 * Choices in a prompt (docs/decisions/061-presets-and-prompt-choices.md): `{red|blue|green}` is
 * one group, replaced by one of its options in each image's prompt. A prompt may hold several
 * groups; groups do not nest. A backslash makes the next `{`, `}`, `|` or `\` literal, so a
 * literal brace is written `\{`. A `{` without its closing `}` is literal text, and so are `|` and
 * `}` outside a group. Options are trimmed (`{red | blue}` is `red` or `blue`), and an option
 * written twice in one group counts once. A submit refuses a nested or unclosed group, or one
 * with nothing to pick, before this expansion runs (generations/prompt-choices-problem.ts).
 *
 * The person's prompt is stored as typed; each image gets `expandPromptChoices(prompt, seed)`
 * with its own seed. The options are numbered as one mixed-radix number (the first group's digit
 * changes fastest), and an image with seed `s` gets combination `s mod total`: the same seed
 * always makes the same prompt (a remix reproduces it), and a batch's consecutive seeds walk
 * through consecutive combinations, so its images repeat a prompt only once every combination
 * has been used.
 */

type Segment = string | string[];

const ESCAPABLE = new Set(['{', '}', '|', '\\']);

/** The prompt as literal text and groups of options; escapes resolved in both. */
function parseChoices(prompt: string): Segment[] {
  const segments: Segment[] = [];
  let literal = '';
  let group: string[] | null = null;
  let option = '';
  let groupSource = '';
  for (let index = 0; index < prompt.length; index += 1) {
    const char = prompt[index] ?? '';
    const next = prompt[index + 1] ?? '';
    if (char === '\\' && ESCAPABLE.has(next)) {
      index += 1;
      if (group) {
        option += next;
        groupSource += char + next;
      } else literal += next;
    } else if (group) {
      groupSource += char;
      if (char === '|') {
        group.push(option.trim());
        option = '';
      } else if (char === '}') {
        group.push(option.trim());
        segments.push(literal, [...new Set(group)]);
        literal = '';
        group = null;
      } else option += char;
    } else if (char === '{') {
      group = [];
      option = '';
      groupSource = char;
    } else literal += char;
  }
  // An unclosed group is literal text as typed.
  if (group) literal += groupSource;
  segments.push(literal);
  return segments.filter((segment) => segment !== '');
}

/** How many different prompts the choices can make (Infinity beyond 2^53). */
export function countPromptCombinations(prompt: string): number {
  let total = 1;
  for (const segment of parseChoices(prompt)) {
    if (typeof segment !== 'string') total *= segment.length;
  }
  return Number.isSafeInteger(total) ? total : Infinity;
}

/** Whether the prompt holds at least one group of choices (an escaped brace is no group). */
export function hasPromptChoices(prompt: string): boolean {
  return parseChoices(prompt).some((segment) => typeof segment !== 'string');
}

/** The prompt an image with `seed` gets: one option of each group, escapes resolved. */
export function expandPromptChoices(prompt: string, seed: number): string {
  const segments = parseChoices(prompt);
  let combination = seed % countPromptCombinations(prompt);
  let expanded = '';
  for (const segment of segments) {
    if (typeof segment === 'string') {
      expanded += segment;
      continue;
    }
    expanded += segment[combination % segment.length] ?? '';
    combination = Math.floor(combination / segment.length);
  }
  return expanded;
}

/**
 * How many distinct prompts a batch of `imageCount` images makes. Exact for every batch whose
 * seeds do not wrap past SEED_MAX; the server, which expands each image, is authoritative.
 */
export function countDistinctPrompts(prompt: string, imageCount: number): number {
  return Math.min(imageCount, countPromptCombinations(prompt));
}
