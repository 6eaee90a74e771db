import { useCredits } from '../../../src/features/credits/hooks/use-credits';
import { useCreditStatusMessage } from '../../../src/features/credits/hooks/use-credit-status-message';

/** Renders the credit state as text (read by probeState) and the actions as buttons. */
export function Probe() {
  const credits = useCredits();
  const displayMessage = useCreditStatusMessage();
  return (
    <div>
      <output data-testid="state">
        {JSON.stringify({
          balance: credits.balance,
          loading: credits.loading,
          error: credits.error,
          isNewUser: credits.isNewUser,
          isPremium: credits.isPremium,
          is_premium: credits.is_premium,
          premium: credits.premium,
          user_type: credits.user_type,
          canGenerate: credits.canGenerate,
          canRequestCredits: credits.canRequestCredits,
          displayMessage,
        })}
      </output>
      <button type="button" onClick={() => void credits.refresh()}>
        refresh
      </button>
      <button type="button" onClick={() => void credits.requestDailyCredits()}>
        request
      </button>
      <p data-testid="request-error">{credits.requestError}</p>
    </div>
  );
}
