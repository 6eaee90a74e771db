import type { AdminRefusal } from '@nocturne/contract/admin/admin-refusals';
import { CONTENT_RULES } from '@nocturne/contract/generations/content-policy';
import { ownWordsAt } from '../utils/highlight-terms';

const languageNames = new Intl.DisplayNames(undefined, { type: 'language' });

/**
 * A matched word as the person wrote it (as the refusal recorded it, or found in the prompts),
 * with the lists' term beside it when the two differ: "una niña · matched “una nina”", "k1d ·
 * matched “kid”".
 */
function MatchedWord({ term, own }: { term: string; own: readonly string[] }) {
  const same = own.length === 0 || own.every((word) => word.toLowerCase() === term.toLowerCase());
  return (
    <li className="rounded bg-rose-500/20 px-1.5 text-xs text-rose-100">
      {same ? (
        term
      ) : (
        <>
          {own.join(', ')} <span className="text-rose-200/70">· matched “{term}”</span>
        </>
      )}
    </li>
  );
}

/** The rule in words, the languages of the lists its words are on, and the words. */
export function RefusalRule({ refusal }: { refusal: AdminRefusal }) {
  const prompts = [refusal.contentPrompt, refusal.negativePrompt, refusal.sourcePrompt];
  return (
    <div className="flex flex-col gap-1">
      <span>{CONTENT_RULES[refusal.rule]}</span>
      {refusal.languages.length > 0 && (
        <span className="text-xs text-zinc-400">
          {refusal.languages.map((code) => languageNames.of(code) ?? code).join(', ')}
        </span>
      )}
      {refusal.matchedTerms.length > 0 && (
        <ul aria-label="Matched words" className="flex flex-wrap gap-1">
          {refusal.matchedTerms.map((term, index) => (
            <MatchedWord key={term} term={term} own={ownWordsAt(refusal, index, prompts)} />
          ))}
        </ul>
      )}
    </div>
  );
}
