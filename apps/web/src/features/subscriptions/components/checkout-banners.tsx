import { Button } from '../../../components/ui/button';

/**
 * Spec §2, after Continue: the server's message and the way to the provider's invoice page. The
 * page opens in a new tab by itself; the button is there when the browser blocked that tab.
 */
export function CheckoutSuccessBanner({
  message,
  invoiceUrl,
  tabOpened,
  onOpenPayment,
}: {
  message: string;
  invoiceUrl: string;
  tabOpened: boolean;
  onOpenPayment: () => void;
}) {
  return (
    <section
      aria-label="Payment created"
      className="flex flex-col gap-3 rounded-3xl border border-emerald-400/30 bg-emerald-400/10 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p className="font-semibold text-emerald-200">{message}</p>
        <p className="text-sm text-emerald-100/80">
          {tabOpened
            ? 'The payment page opened in a new tab. Complete your payment there to activate Premium.'
            : 'Complete your payment to activate Premium'}
        </p>
      </div>
      {tabOpened ? (
        <a
          href={invoiceUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm font-medium text-emerald-100 underline underline-offset-2"
        >
          Reopen payment page
        </a>
      ) : (
        <Button variant="success" onClick={onOpenPayment}>
          Open Payment Page
        </Button>
      )}
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
