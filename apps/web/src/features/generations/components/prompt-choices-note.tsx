import { hasPromptChoices } from '@nocturne/contract/text/prompt-choices';
import {
  countDistinctExpandedPrompts,
  expandPrompt,
  findPromptReferenceNames,
  NO_PROMPT_REFERENCES,
  type PromptReferences,
} from '@nocturne/contract/text/prompt-references';
import { seedForImage } from '@nocturne/contract/generations/generation-options';
import { findPromptChoicesProblem } from '@nocturne/contract/generations/prompt-choices-problem';

/**
 * Under a prompt with `{a|b}` choices or `__name__` wildcards: how many distinct prompts the
 * batch makes, and the prompts themselves when the seed is set (without one, the server's seed
 * decides which come first), characters put in. Counted with the same rule as the server
 * (prompt-references.ts), from the person's lists as last read. Choices written wrongly count
 * nothing: the prompt's error says what is wrong instead.
 */
export function PromptChoicesNote({
  prompt,
  imageCount,
  seed,
  references = NO_PROMPT_REFERENCES,
}: {
  prompt: string;
  imageCount: number;
  seed: number | null;
  references?: PromptReferences;
}) {
  const choices = hasPromptChoices(prompt);
  const wildcards = findPromptReferenceNames(prompt).wildcards.length > 0;
  if (!(choices || wildcards) || findPromptChoicesProblem(prompt.trim())) return null;
  const distinct = countDistinctExpandedPrompts(prompt, references, imageCount);
  const prompts =
    seed === null
      ? []
      : Array.from({ length: imageCount }, (_, index) =>
          expandPrompt(prompt, references, seedForImage(seed, index)),
        );
  return (
    <div className="-mt-2 text-xs text-zinc-400" data-testid="prompt-choices">
      <p>
        {distinct === 1 ? '1 distinct prompt' : `${distinct} distinct prompts`} for{' '}
        {imageCount === 1 ? '1 image' : `${imageCount} images`}
        {seed === null && ' (set a seed to see which)'}.
        {choices && ` ${'Write \\{ for a literal brace.'}`}
      </p>
      {prompts.length > 0 && (
        <ol className="mt-1 list-decimal pl-5 break-words text-zinc-300">
          {prompts.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </ol>
      )}
    </div>
  );
}
