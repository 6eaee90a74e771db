import type { ReconcileAdminPaymentResponse } from '@nocturne/contract/admin/admin-payments';

const OUTCOME_TEXT: Record<ReconcileAdminPaymentResponse['outcome'], string> = {
  applied: 'The provider had news: applied.',
  unchanged: 'The provider says the same as the payment already does: nothing changed.',
  duplicate: 'That status was already applied once: nothing was granted again.',
  stale: 'The provider reports an earlier status than the payment has: nothing changed.',
  rejected: 'The provider’s answer does not match this order: nothing changed.',
  other_order: 'The provider’s payment belongs to another order: nothing changed.',
};

/** What "Reconcile now" came to, in words. */
export function ReconcileAnswer({ answer }: { answer: ReconcileAdminPaymentResponse }) {
  return (
    <div role="status" className="rounded-2xl border border-glass-border bg-white/5 p-3 text-sm">
      <p className="text-white">{OUTCOME_TEXT[answer.outcome]}</p>
      <p className="mt-1 text-zinc-400">
        Provider status: {answer.providerStatus.replaceAll('_', ' ')} · was{' '}
        {answer.previousStatus.replaceAll('_', ' ')}, now{' '}
        {answer.payment.status.replaceAll('_', ' ')}
        {answer.detail ? ` · reason: ${answer.detail.replaceAll('_', ' ')}` : ''}
      </p>
    </div>
  );
}
