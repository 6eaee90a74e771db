import type { AdminRefusal } from '@nocturne/contract/admin/admin-refusals';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Modal } from '../../../../components/ui/modal';
import { useReviewRefusal } from '../hooks/use-review-refusal';
import { fieldError } from '../utils/field-error';
import { suggestPhrase } from '../utils/suggest-phrase';
import { HighlightedPrompt } from './highlighted-prompt';
import type { ReviewKind } from './refusal-row';

const FIELD_MESSAGES = {
  reason: 'A note is 3 to 500 characters.',
  phrase: 'A phrase is 2 to 200 characters.',
};
const DEFAULT_NOTE: Record<ReviewKind, string> = {
  confirm: 'Confirmed on review.',
  false_positive: 'Harmless prompt, wrongly read.',
};

/**
 * Confirms a refusal, or marks it a false positive with the allowed phrase it adds (suggested,
 * editable). The note is the audit row's reason; it starts filled so a review takes one key.
 */
export function ReviewRefusalModal({
  refusal,
  kind,
  onClose,
  onReviewed,
}: {
  refusal: AdminRefusal;
  kind: ReviewKind;
  onClose: () => void;
  onReviewed: (message: string) => void;
}) {
  const review = useReviewRefusal();
  const [reason, setReason] = useState(DEFAULT_NOTE[kind]);
  const [phrase, setPhrase] = useState(() =>
    suggestPhrase(refusal.contentPrompt, refusal.matchedTerms),
  );
  const failure = review.isError
    ? fieldError(review.error, FIELD_MESSAGES, { ALLOWED_PHRASE_INVALID: 'phrase' })
    : undefined;
  const falsePositive = kind === 'false_positive';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    review.mutate(
      falsePositive ? { kind, id: refusal.id, reason, phrase } : { kind, id: refusal.id, reason },
      {
        onSuccess: () =>
          onReviewed(
            falsePositive
              ? `Marked a false positive. “${phrase.trim()}” is an allowed phrase from now on.`
              : `Refusal by ${refusal.email} confirmed.`,
          ),
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={falsePositive ? 'Mark as a false positive' : 'Confirm this refusal'}
      description={
        falsePositive
          ? 'The phrase below becomes an allowed phrase: from now on, where a prompt writes it as whole words, its words no longer count. Every other word still does.'
          : 'The rules were right. The refusal leaves the queue; nothing else changes.'
      }
    >
      <form id="review-refusal" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="rounded-2xl border border-glass-border bg-night-950/40 p-3 text-sm text-zinc-200">
          <HighlightedPrompt text={refusal.contentPrompt} terms={refusal.matchedTerms} />
        </p>
        {falsePositive && (
          <Input
            label="Allowed phrase"
            value={phrase}
            onChange={(event) => setPhrase(event.target.value)}
            error={failure?.field === 'phrase' ? failure.message : undefined}
            hint="Words of this prompt that were wrongly read, e.g. “kid gloves”."
            autoComplete="off"
            data-autofocus
          />
        )}
        <Input
          label="Note for the audit log"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={failure?.field === 'reason' ? failure.message : undefined}
          autoComplete="off"
          {...(!falsePositive && { 'data-autofocus': true })}
        />
        {failure && !failure.field && (
          <p role="alert" className="text-sm text-rose-300">
            {failure.message}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={review.isPending}>
            {falsePositive ? 'Mark false positive' : 'Confirm refusal'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
