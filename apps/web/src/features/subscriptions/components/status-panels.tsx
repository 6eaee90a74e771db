import { Button } from '../../../components/ui/button';
import { buttonClasses } from '../../../components/ui/button-styles';

export function PendingPanel({
  invoiceUrl,
  checking,
  onCheck,
}: {
  invoiceUrl?: string;
  checking: boolean;
  onCheck: () => void;
}) {
  return (
    <section
      aria-label="Payment Pending"
      className="flex flex-col gap-3 rounded-3xl border border-amber-400/30 bg-amber-400/10 p-5"
    >
      <h2 className="font-display text-lg font-semibold text-amber-200">Payment Pending</h2>
      <p className="text-sm text-amber-100/90">
        Your payment is being processed. Premium access will be activated once payment is confirmed.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="warning" onClick={onCheck} disabled={checking}>
          {checking ? 'Checking...' : 'Check Status'}
        </Button>
        {invoiceUrl && (
          <a
            href={invoiceUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('secondary', 'md')}
          >
            Open Payment
          </a>
        )}
      </div>
    </section>
  );
}

export function ActivePanel() {
  return (
    <section
      aria-label="Premium Access Active"
      className="rounded-3xl border border-emerald-400/30 bg-emerald-400/10 p-5"
    >
      <h2 className="font-display text-xl font-semibold text-white">
        You&apos;re a Premium Creator!
      </h2>
      <p className="mt-1 text-sm font-medium text-emerald-200">Premium Access Active</p>
    </section>
  );
}

/** Spec §2: a cancelled subscription is a failed or underpaid payment; support needs a screenshot. */
export function PaymentFailedPanel({ supportEmail }: { supportEmail?: string }) {
  return (
    <section
      aria-label="Payment Failed"
      className="rounded-3xl border border-rose-500/40 bg-rose-500/10 p-5"
    >
      <h2 className="font-display text-lg font-semibold text-rose-200">Payment Failed</h2>
      <p className="mt-1 text-sm text-rose-100/90">
        Your payment was cancelled or the amount received was below the price.
        {supportEmail && (
          <>
            {' '}
            If you paid, email a screenshot of your payment to{' '}
            <a
              href={`mailto:${supportEmail}?subject=${encodeURIComponent('Premium payment failed')}`}
              className="font-medium text-white underline underline-offset-2"
            >
              {supportEmail}
            </a>{' '}
            and we will sort it out.
          </>
        )}
      </p>
    </section>
  );
}
