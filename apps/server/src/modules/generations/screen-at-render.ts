import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import {
  contentPolicyMessage,
  type ContentRule,
} from '@nocturne/contract/generations/content-policy';
import { recordRefusal } from '../moderation/refusals-repository';
import {
  personsWords,
  saidTextsOf,
  wordsOfTerms,
  type SaidByTerm,
} from '../moderation/persons-words';
import { screenedTextOf } from './engine-prompt';
import { jobFailure } from './failure-kinds';
import { failGeneration } from './finish-generation';
import type { GenerationRow } from './generation-row';
import type { GenerationWorkerDeps } from './generation-worker-deps';

/**
 * What the person reads when a queued job's prompt became refused before it ran: the rule and
 * their own words that matched, as a submit's refusal names them.
 */
export function refusedAtRenderReason(rule: ContentRule, words: readonly string[]): string {
  return `${contentPolicyMessage(rule, words)} Your credits were refunded.`;
}

/** What the person reads when the rules could not read a queued job's prompt (decision 074). */
export const UNSUPPORTED_AT_RENDER_REASON = `${PRODUCT_ERRORS.PROMPT_LANGUAGE_UNSUPPORTED.message} Your credits were refunded.`;

/**
 * The worker's own screen, just before a job renders: exactly the text its engine would receive
 * (screenedTextOf), against the rules in force now. The submit screened the same text, so a job
 * is refused here only when the rules changed while it waited (an operator's new term or name) or
 * when a path that made it skipped the submit: either way nothing is rendered. The job fails as
 * refused and is refunded, and the refusal is recorded like a submit's (it counts towards a
 * suspension), in one transaction. A prompt the rules cannot read (a script no covered language
 * uses) is declined the same way but not recorded as a refusal, as at submit. Answers whether the
 * job was refused.
 */
export async function refusedAtRender(
  deps: Pick<GenerationWorkerDeps, 'rules' | 'unitOfWork' | 'settings' | 'logger'>,
  job: GenerationRow,
): Promise<boolean> {
  const text = screenedTextOf(job);
  const said: SaidByTerm = new Map();
  const verdict = deps.rules.current().policy({
    prompts: [text.sourcePrompt, text.contentPrompt],
    negativePrompt: text.negativePrompt,
    said,
  });
  if (verdict.allowed) return false;
  const { workerId } = deps.settings;
  const refusal = 'rule' in verdict ? verdict : undefined;
  const texts = saidTextsOf(text);
  await deps.unitOfWork.transaction(async (tx, events) => {
    const reason = refusal
      ? refusedAtRenderReason(refusal.rule, personsWords(refusal.matched, said, texts))
      : UNSUPPORTED_AT_RENDER_REASON;
    const detail =
      'rule' in verdict
        ? `${verdict.rule}: ${verdict.matched.join(', ')}`
        : `unsupported script: ${verdict.unsupportedScript}`;
    const failure = jobFailure('refused', detail);
    const failed = await failGeneration({ db: tx, events, job, workerId, reason, failure });
    // Cancelled or taken over meanwhile: whoever ended it settled the credits.
    if (!failed || !refusal) return;
    await recordRefusal(tx, {
      userId: job.userId,
      ...text,
      rule: refusal.rule,
      matchedTerms: [...refusal.matched],
      matchedWords: wordsOfTerms(refusal.matched, said, texts),
    });
  });
  deps.logger.warn(
    { id: job.id, verdict },
    'a queued job was refused by the content rules before rendering; refunded',
  );
  return true;
}
