import type { GrantPlanResponse } from '@nocturne/contract/admin/plan-grant';
import { Button } from '../../../../components/ui/button';
import { When } from '../../components/when';

/** What the grant did: the plan now, or that the reference was used before and nothing changed. */
export function GrantPlanOutcome({
  answer,
  onDone,
}: {
  answer: GrantPlanResponse;
  onDone: () => void;
}) {
  const { subscription } = answer;
  return (
    <div role="status" className="flex flex-col gap-4 text-sm text-zinc-300">
      {answer.granted ? (
        <p className="text-emerald-300">The plan was granted.</p>
      ) : (
        <p className="text-amber-300">
          Nothing was granted: this reference was already used (payment {answer.paymentId}, person{' '}
          {answer.userId}).
        </p>
      )}
      {subscription && (
        <p>
          Their plan now: {subscription.plan}, {subscription.status}
          {subscription.isLifetime ? ' for life' : ''}
          {subscription.expiresAt && (
            <>
              {' '}
              until <When iso={subscription.expiresAt} />
            </>
          )}
          .
        </p>
      )}
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
