import { cn } from '../../../lib/cn';
import { useCredits } from '../hooks/use-credits';
import { useCreditStatusMessage } from '../hooks/use-credit-status-message';

/**
 * The status line under the balance: the load error (unless the user is new) or the status
 * message. Truncated with a tooltip on phones, in full from the large breakpoint.
 */
export function CreditStatusMessage() {
  const { error, isNewUser } = useCredits();
  const statusMessage = useCreditStatusMessage();
  const showError = error !== null && !isNewUser;
  const message = showError ? error : statusMessage;
  return (
    <p
      data-testid="credit-status-message"
      title={message}
      className={cn(
        'mt-0.5 max-w-[9.5rem] truncate text-[11px] min-[400px]:max-w-[12rem] sm:max-w-[16rem] lg:max-w-none lg:text-xs',
        showError ? 'text-rose-300' : 'text-zinc-400',
      )}
    >
      {message}
    </p>
  );
}
