import type { AdminRefusal } from '@nocturne/contract/admin/admin-refusals';
import { CONTENT_RULES } from '@nocturne/contract/generations/content-policy';

const languageNames = new Intl.DisplayNames(undefined, { type: 'language' });

/** The rule in words, the languages of the lists its words are on, and the words. */
export function RefusalRule({ refusal }: { refusal: AdminRefusal }) {
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
          {refusal.matchedTerms.map((term) => (
            <li key={term} className="rounded bg-rose-500/20 px-1.5 text-xs text-rose-100">
              {term}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
