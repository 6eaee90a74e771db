import { highlightTerms } from '../utils/highlight-terms';

/** A prompt with the words the rules matched marked. */
export function HighlightedPrompt({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <span className="break-words whitespace-pre-wrap">
      {highlightTerms(text, terms).map((segment, index) =>
        segment.matched ? (
          <mark key={index} className="rounded bg-rose-500/25 px-0.5 text-rose-100">
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
