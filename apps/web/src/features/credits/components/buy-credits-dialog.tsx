import { useState } from 'react';
import { formatCredits } from '@nocturne/contract/credits/credit-status';
import type { TopUpCreditsResponse } from '@nocturne/contract/credits/top-up-credits';
import { buttonClasses } from '../../../components/ui/button-styles';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/get-error-message';
import { openPaymentTab } from '../../../lib/payment-tab';
import { useCreditPackages } from '../api/get-credit-packages';
import { useTopUpCredits } from '../api/top-up-credits';
import { useCredits } from '../hooks/use-credits';
import { getBuyCreditsErrorMessage } from './buy-credits-error';
import { CreditPackageList } from './credit-package-list';

export const BUY_CREDITS_TITLE = 'Buy credits';

function ErrorBanner({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="mb-4 rounded-2xl border border-rose-400/30 bg-rose-500/10 px-4 py-2.5 text-sm text-rose-200"
    >
      {message}
    </p>
  );
}

/**
 * Credit packs (issue 10): pick a pack, get its invoice, pay it on the provider's page in a new
 * tab. The credits channel refreshes the balance when the payment is granted, so the dialog
 * watches the balance rather than polling anything itself.
 */
export function BuyCreditsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const packages = useCreditPackages({ enabled: open });
  const topUp = useTopUpCredits();
  const { balance } = useCredits();
  const [invoice, setInvoice] = useState<TopUpCreditsResponse | null>(null);
  const [balanceAtOpen, setBalanceAtOpen] = useState<number | null>(null);
  const [tabOpened, setTabOpened] = useState(false);

  function close() {
    setInvoice(null);
    setBalanceAtOpen(null);
    setTabOpened(false);
    topUp.reset();
    onClose();
  }

  // The tab opens inside the click (pop-up blockers allow nothing later) and gets the invoice
  // once it exists; a blocked tab leaves the 'Open Payment Page' link as the way there.
  function buy(packageId: string) {
    const tab = openPaymentTab();
    const balanceBefore = balance;
    topUp.mutate(packageId, {
      onSuccess: (created) => {
        setInvoice(created);
        if (!tab.send(created.invoice_url)) return;
        setTabOpened(true);
        setBalanceAtOpen((value) => value ?? balanceBefore);
      },
      onError: () => tab.close(),
    });
  }

  const credited = balanceAtOpen !== null && balance > balanceAtOpen;

  return (
    <Modal open={open} onClose={close} title={BUY_CREDITS_TITLE} size="md">
      {topUp.error && <ErrorBanner message={getBuyCreditsErrorMessage(topUp.error)} />}
      {invoice ? (
        <div className="flex flex-col gap-4">
          <p role="status" className="text-sm text-emerald-200">
            {invoice.message}
          </p>
          {tabOpened ? (
            <p className="text-sm text-zinc-300">
              The payment page opened in a new tab. Your credits arrive as soon as the payment is
              confirmed.{' '}
              <a
                href={invoice.invoice_url}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-white underline underline-offset-2"
              >
                Reopen payment page
              </a>
            </p>
          ) : (
            <a
              href={invoice.invoice_url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setBalanceAtOpen((value) => value ?? balance)}
              className={buttonClasses('primary', 'md')}
            >
              Open Payment Page
            </a>
          )}
          {balanceAtOpen !== null && (
            <p aria-live="polite" className="text-sm text-zinc-300">
              {credited
                ? `Payment received! Your balance is now ${formatCredits(balance)} credits.`
                : `Waiting for payment confirmation… Your balance: ${formatCredits(balance)} credits.`}
            </p>
          )}
        </div>
      ) : packages.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-zinc-400">
          <Spinner /> Loading credit packs...
        </p>
      ) : packages.isError ? (
        <ErrorBanner message={getErrorMessage(packages.error)} />
      ) : (
        <>
          <p className="mb-4 text-sm text-zinc-400">
            Pay in cryptocurrency; the credits arrive once the payment is confirmed.
          </p>
          <CreditPackageList
            packages={packages.data.packages}
            buyingId={topUp.isPending ? (topUp.variables ?? null) : null}
            onBuy={buy}
          />
        </>
      )}
    </Modal>
  );
}
