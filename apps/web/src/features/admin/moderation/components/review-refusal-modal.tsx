import { zodResolver } from '@hookform/resolvers/zod';
import {
  confirmRefusalBodySchema,
  falsePositiveBodySchema,
  type AdminRefusal,
} from '@nocturne/contract/admin/admin-refusals';
import { useForm, useWatch } from 'react-hook-form';
import { limitHint } from '../../../../components/forms/limit-hint';
import { AlertText } from '../../../../components/ui/alert-text';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Modal } from '../../../../components/ui/modal';
import { fieldMessages } from '../../../../lib/forms/field-messages';
import { fieldProps } from '../../../../lib/forms/field-props';
import {
  REASON_MAX_LENGTH,
  REASON_MIN_LENGTH,
  reasonHint,
  textBounds,
} from '../../components/text-limits';
import { useReviewRefusal } from '../hooks/use-review-refusal';
import { fieldError, formError, showFieldError } from '../utils/field-error';
import { wordsToMark } from '../utils/highlight-terms';
import { suggestPhrase } from '../utils/suggest-phrase';
import { HighlightedPrompt } from './highlighted-prompt';
import type { ReviewKind } from './refusal-row';

const PHRASE = textBounds(falsePositiveBodySchema.shape.phrase);
/** Each field's refusal names its bounds, the contract's own. */
const FIELD_MESSAGES = {
  reason: `A note is ${REASON_MIN_LENGTH} to ${REASON_MAX_LENGTH} characters.`,
  phrase: `A phrase is ${PHRASE.min} to ${PHRASE.max} characters.`,
};
const DEFAULT_NOTE: Record<ReviewKind, string> = {
  confirm: 'Confirmed on review.',
  false_positive: 'Harmless prompt, wrongly read.',
};

/** The review's body: a false positive also names its allowed phrase. */
const REVIEW_SCHEMAS = {
  confirm: confirmRefusalBodySchema,
  false_positive: falsePositiveBodySchema,
};

/** The note and the phrase, each checked by its contract rule, with a refusal shown where it belongs. */
function useReviewForm(
  refusal: AdminRefusal,
  kind: ReviewKind,
  onReviewed: (message: string) => void,
) {
  const review = useReviewRefusal();
  const form = useForm({
    resolver: zodResolver(REVIEW_SCHEMAS[kind], fieldMessages(FIELD_MESSAGES)),
    defaultValues: {
      reason: DEFAULT_NOTE[kind],
      phrase: suggestPhrase(refusal.contentPrompt, refusal.matchedTerms),
    },
  });
  const submit = form.handleSubmit((body) =>
    review.mutate(
      'phrase' in body
        ? { kind: 'false_positive', id: refusal.id, ...body }
        : { kind: 'confirm', id: refusal.id, ...body },
      {
        onSuccess: () =>
          onReviewed(
            'phrase' in body
              ? `Marked a false positive. “${body.phrase}” is an allowed phrase from now on.`
              : `Refusal by ${refusal.email} confirmed.`,
          ),
        onError: (error) =>
          showFieldError(
            form,
            fieldError(error, FIELD_MESSAGES, { ALLOWED_PHRASE_INVALID: 'phrase' }),
          ),
      },
    ),
  );
  return { form, submit, pending: review.isPending };
}

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
  const { form, submit, pending } = useReviewForm(refusal, kind, onReviewed);
  const falsePositive = kind === 'false_positive';
  const failure = formError(form);
  // Both fields count near their limits; longer text is refused, never cut.
  const [phrase, reason] = useWatch({ control: form.control, name: ['phrase', 'reason'] });

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
          <HighlightedPrompt text={refusal.contentPrompt} terms={wordsToMark(refusal)} />
        </p>
        {falsePositive && (
          <Input
            label="Allowed phrase"
            hint={limitHint(
              'Words of this prompt that were wrongly read, e.g. “kid gloves”.',
              (phrase ?? '').trim().length,
              PHRASE.max,
            )}
            autoComplete="off"
            data-autofocus
            {...fieldProps(form, 'phrase')}
          />
        )}
        <Input
          label="Note for the audit log"
          autoComplete="off"
          hint={reasonHint(undefined, reason)}
          {...(!falsePositive && { 'data-autofocus': true })}
          {...fieldProps(form, 'reason')}
        />
        {failure && <AlertText>{failure}</AlertText>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {falsePositive ? 'Mark false positive' : 'Confirm refusal'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
