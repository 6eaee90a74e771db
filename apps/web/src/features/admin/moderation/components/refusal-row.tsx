import type { AdminRefusal } from '@nocturne/contract/admin/admin-refusals';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { paths } from '../../../../config/paths';
import { describeRefusal } from '../utils/describe-refusal';
import { wordsToMark } from '../utils/highlight-terms';
import { EmailText } from './email-text';
import { HighlightedPrompt } from './highlighted-prompt';
import { LocalTime } from './local-time';
import { RefusalHistory } from './refusal-history';
import { RefusalRule } from './refusal-rule';
import { tableStyles } from './table-styles';

export type ReviewKind = 'confirm' | 'false_positive';

const REVIEWED = { confirmed: 'Confirmed', false_positive: 'False positive' } as const;

/** One refused prompt in the queue: what was refused, why, whose, and its review. */
export function RefusalRow({
  refusal,
  onReview,
}: {
  refusal: AdminRefusal;
  onReview: (refusal: AdminRefusal, kind: ReviewKind) => void;
}) {
  const which = describeRefusal(refusal);
  const marked = wordsToMark(refusal);
  return (
    <tr className={tableStyles.row}>
      <td data-label="Prompt" className={`${tableStyles.cell} sm:w-[34%]`}>
        <HighlightedPrompt text={refusal.contentPrompt} terms={marked} />
        {refusal.sourcePrompt && refusal.sourcePrompt !== refusal.contentPrompt && (
          <p className="mt-1 text-xs text-zinc-400">
            Source prompt: <span className="break-words">{refusal.sourcePrompt}</span>
          </p>
        )}
        {refusal.negativePrompt && (
          <p className="mt-1 text-xs text-zinc-400">
            Negative prompt: <HighlightedPrompt text={refusal.negativePrompt} terms={marked} />
          </p>
        )}
      </td>
      <td data-label="Rule" className={tableStyles.cell}>
        <RefusalRule refusal={refusal} />
      </td>
      <td data-label="Person" className={`${tableStyles.cell} min-w-0`}>
        <Link
          to={paths.admin.person.getHref(refusal.userId)}
          className="rounded text-accent-300 hover:underline focus-visible:outline-2 focus-visible:outline-accent-400"
        >
          <EmailText email={refusal.email} />
        </Link>
        <RefusalHistory refusal={refusal} />
      </td>
      <td data-label="When" className={`${tableStyles.cell} text-zinc-400 sm:whitespace-nowrap`}>
        <LocalTime iso={refusal.at} />
      </td>
      <td data-label="Review" className={`${tableStyles.cell} sm:min-w-36`}>
        {refusal.status === 'open' ? (
          <div className="flex flex-wrap gap-2 sm:flex-col">
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Confirm ${which}`}
              onClick={() => onReview(refusal, 'confirm')}
            >
              Confirm
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`False positive: ${which}`}
              onClick={() => onReview(refusal, 'false_positive')}
            >
              False positive
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-1 text-xs text-zinc-400">
            <span className="text-sm text-zinc-200">{REVIEWED[refusal.status]}</span>
            {refusal.reviewedAt && <LocalTime iso={refusal.reviewedAt} />}
            {refusal.reviewReason && <span className="break-words">“{refusal.reviewReason}”</span>}
          </div>
        )}
      </td>
    </tr>
  );
}
