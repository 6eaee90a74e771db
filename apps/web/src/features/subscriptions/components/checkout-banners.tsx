import { Button } from '../../../components/ui/button';

/**
 * Spec §2, after Continue: the server's message and the way to the provider's invoice page. The
 * page may already have opened in a new tab by itself; the button opens it again (or for the
 * first time when the browser blocked that tab).
 */
export function CheckoutSuccessBanner({
  message,
  onOpenPayment,
}: {
  message: string;
  onOpenPayment: () => void;
}) {
  return (
    <section
      aria-label="Payment created"
      className="flex flex-col gap-3 rounded-3xl border border-emerald-400/30 bg-emerald-400/10 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-semibold text-emerald-200">{message}</p>
        <p className="text-sm text-emerald-100/80">Complete your payment to activate Premium</p>
      </div>
      <Button variant="success" onClick={onOpenPayment}>
        Open Payment Page
      </Button>
    </section>
  );
}

/** Shown while the page waits for the payment to be confirmed. */
export function ActivatingBanner() {
  return (
    <section
      aria-label="Activating premium"
      role="status"
      className="rounded-3xl border border-accent-400/30 bg-accent-500/10 p-5"
    >
      <p className="font-semibold text-white">Activating premium...</p>
      <p className="text-sm text-zinc-300">Please wait for payment confirmation</p>
    </section>
  );
}
