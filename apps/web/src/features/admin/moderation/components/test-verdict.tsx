import type {
  MATCH_LISTS,
  TestModerationResponse,
} from '@nocturne/contract/admin/admin-moderation-lists';
import { CONTENT_RULES } from '@nocturne/contract/generations/content-policy';
import type { TestPromptBody } from '../api/test-prompt-api';
import { HighlightedPrompt } from './highlighted-prompt';

const LIST_NAMES: Record<(typeof MATCH_LISTS)[number], string> = {
  shipped: 'on the shipped word lists',
  operator_term: 'on your blocked terms',
  operator_name: 'on your blocked names',
};

/** A script as the rules name it ('canadian_aboriginal') as a reader would ('Canadian aboriginal'). */
function scriptName(script: string): string {
  const words = script.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The tester's answer: allowed or refused, the rule, the matched words and their lists. */
export function TestVerdict({
  verdict,
  tested,
}: {
  verdict: TestModerationResponse;
  tested: TestPromptBody;
}) {
  const terms = verdict.matched.map((match) => match.term);
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-glass-border bg-night-950/40 p-4 text-sm">
      <p className="font-display text-lg font-semibold">
        {verdict.allowed ? (
          <span className="text-emerald-300">Allowed</span>
        ) : (
          <span className="text-rose-300">
            {verdict.unsupportedScript
              ? `Declined: written in ${scriptName(verdict.unsupportedScript)} script, which no covered language uses (not counted as a refusal)`
              : `Refused: ${verdict.rule ? CONTENT_RULES[verdict.rule] : 'the content rules'}`}
          </span>
        )}
      </p>
      <p className="text-zinc-300">
        <HighlightedPrompt text={tested.prompt} terms={terms} />
      </p>
      {tested.negative_prompt && (
        <p className="text-zinc-400">
          <span className="text-zinc-500">Negative prompt: </span>
          <HighlightedPrompt text={tested.negative_prompt} terms={terms} />
        </p>
      )}
      {verdict.matched.length > 0 && (
        <div>
          <h3 className="text-xs tracking-wide text-zinc-400 uppercase">Matched words</h3>
          <ul className="mt-1 flex flex-col gap-1">
            {verdict.matched.map((match) => (
              <li key={match.term}>
                <mark className="rounded bg-rose-500/25 px-1 text-rose-100">{match.term}</mark>{' '}
                <span className="text-zinc-400">{LIST_NAMES[match.list]}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {verdict.allowedPhrases.length > 0 && (
        <div>
          <h3 className="text-xs tracking-wide text-zinc-400 uppercase">
            Let through by allowed phrases
          </h3>
          <ul className="mt-1 flex flex-wrap gap-2">
            {verdict.allowedPhrases.map((phrase) => (
              <li
                key={phrase}
                className="rounded-lg border border-emerald-400/30 px-2 py-0.5 text-emerald-200"
              >
                {phrase}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
