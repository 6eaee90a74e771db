import type { ReviewRefusalResponse } from '@nocturne/contract/admin/admin-refusals';
import { eq } from 'drizzle-orm';
import { people } from '../auth/people-repository';
import type { AppDb } from '../../db/database';
import { moderationAllowedPhrases, promptRefusals } from './moderation-tables';
import { AppError } from '../../lib/app-error';
import { normalisePhrase, normaliseText } from './allowed-phrases';
import { notifyRulesChanged, type RulesSnapshot } from './moderation-rules';
import { toAdminRefusal } from './find-refusals';
import { recordAdminAction, type AuditedOperator } from '../admin-audit/admin-audit-repository';

type RefusalRow = typeof promptRefusals.$inferSelect;

/**
 * An allowed phrase is kept only when it is words of the refused prompt, is not refused on its
 * own, and lets that prompt through (so it exempts what was wrongly read and nothing else).
 */
function assertAllowedPhrase(rules: RulesSnapshot, refusal: RefusalRow, phrase: string) {
  const prompts = [refusal.sourcePrompt, refusal.contentPrompt];
  const inPrompt = prompts.some((prompt) => normaliseText(prompt).includes(phrase));
  const alone = rules.policy({ prompts: [phrase] });
  const policy = rules.withAllowedPhrase(phrase);
  const after = policy({ prompts, negativePrompt: refusal.negativePrompt });
  if (!inPrompt || !alone.allowed || !after.allowed) throw new AppError('ALLOWED_PHRASE_INVALID');
}

/**
 * POST /admin/refusals/{id}/confirm and /false-positive: the review, the allowed phrase (for a
 * false positive) and the audit row in one transaction; other processes hear of a new phrase by
 * NOTIFY when it commits.
 */
export async function reviewRefusal(options: {
  db: AppDb;
  operator: AuditedOperator;
  id: string;
  reason: string;
  rules: RulesSnapshot;
  falsePositivePhrase?: string;
}): Promise<ReviewRefusalResponse> {
  const { operator, reason } = options;
  const phrase =
    options.falsePositivePhrase === undefined ? null : normalisePhrase(options.falsePositivePhrase);
  return options.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ refusal: promptRefusals, email: people.email })
      .from(promptRefusals)
      .innerJoin(people, eq(people.id, promptRefusals.userId))
      .where(eq(promptRefusals.id, options.id))
      .for('update');
    if (!found) throw new AppError('NOT_FOUND');
    if (found.refusal.status !== 'open') throw new AppError('REFUSAL_ALREADY_REVIEWED');
    let allowedPhraseId: string | null = null;
    if (phrase !== null) {
      assertAllowedPhrase(options.rules, found.refusal, phrase);
      const [inserted] = await tx
        .insert(moderationAllowedPhrases)
        .values({ phrase, refusalId: options.id, createdBy: operator.id })
        .onConflictDoUpdate({ target: moderationAllowedPhrases.phrase, set: { phrase } })
        .returning({ id: moderationAllowedPhrases.id });
      allowedPhraseId = inserted?.id ?? null;
      await notifyRulesChanged(tx);
    }
    const status = phrase === null ? 'confirmed' : 'false_positive';
    const [updated] = await tx
      .update(promptRefusals)
      .set({ status, reviewedAt: new Date(), reviewedBy: operator.id, reviewReason: reason })
      .where(eq(promptRefusals.id, options.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND');
    await recordAdminAction(tx, {
      operator,
      action: phrase === null ? 'refusal_confirm' : 'refusal_false_positive',
      targetUserId: updated.userId,
      reason,
      before: { refusalId: updated.id, status: 'open' },
      after: { refusalId: updated.id, status, allowedPhrase: phrase, allowedPhraseId },
    });
    return { refusal: toAdminRefusal(updated, found.email), allowedPhraseId };
  });
}
