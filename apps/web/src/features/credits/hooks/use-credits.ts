import { createContext, useContext } from 'react';

/**
 * Spec §3 "Credit state (client)", plus the daily-request action and its feedback. Its
 * displayMessage ticks with the cooldown, so it is read through useCreditStatusMessage instead.
 */
export interface CreditsState {
  balance: number;
  /** True until the first answer for a signed-in user arrives. */
  loading: boolean;
  /** The message of the last failed load (catalogue wording), or the breaker's fallback message. */
  error: string | null;
  isNewUser: boolean;
  isPremium: boolean;
  /** Alias of isPremium with the server's spelling. */
  is_premium: boolean;
  /** Alias of isPremium. */
  premium: boolean;
  user_type: string;
  canGenerate: boolean;
  nextEligibleAt: Date | null;
  canRequestCredits: boolean;
  refresh: () => Promise<void>;
  /** Resolves true when credits were granted. */
  requestDailyCredits: () => Promise<boolean>;
  isRequesting: boolean;
  /** 'You received 10 daily credits!' for 5 s after a grant. */
  successMessage: string | null;
  requestError: string | null;
  dismissRequestError: () => void;
}

export const CreditsContext = createContext<CreditsState | null>(null);

export function useCredits(): CreditsState {
  const value = useContext(CreditsContext);
  if (!value) throw new Error('useCredits must be used inside <CreditsProvider>');
  return value;
}
