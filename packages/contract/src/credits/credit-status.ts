import {
  BADGE_ARTIST_GENERATIONS,
  BADGE_CREATOR_GENERATIONS,
  GENERATION_COST_CREDITS,
  LOW_CREDITS_THRESHOLD,
  REQUEST_CREDITS_BUTTON_THRESHOLD,
} from '../constants';

/** Spec §2 "Credit status messages" and header badges, as pure functions of the credit state. */
export interface CreditStatusInput {
  balance: number;
  isPremium: boolean;
  isNewUser: boolean;
  canRequestCredits: boolean;
  nextEligibleAt: Date | null;
}

export type CreditColour = 'red' | 'yellow' | 'green';

/**
 * One formatter per locale: building an Intl.NumberFormat loads locale data, and the header
 * formats the balance on every render (a measurable share of the dashboard's first renders).
 */
const creditFormats = new Map<string | undefined, Intl.NumberFormat>();

export function formatCredits(value: number, locale?: string): string {
  let format = creditFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    creditFormats.set(locale, format);
  }
  return format.format(value);
}

/** Hours and minutes, minutes and seconds, or seconds; 'Available now' once the moment has passed. */
export function formatCooldown(remainingMs: number): string {
  if (remainingMs <= 0) return 'Available now';
  const totalSeconds = Math.ceil(remainingMs / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds}s`;
  return `${seconds}s`;
}

export function getCreditStatusMessage(
  state: CreditStatusInput,
  now: Date = new Date(),
  locale?: string,
): string {
  if (state.isPremium) return 'Premium - Unlimited generations';
  if (state.balance === 0) {
    if (state.canRequestCredits) {
      return state.isNewUser
        ? 'Welcome! Get your daily credits to start generating.'
        : 'No credits remaining. Get daily credits to continue.';
    }
    if (state.nextEligibleAt) {
      const cooldown = formatCooldown(state.nextEligibleAt.getTime() - now.getTime());
      return `No credits remaining. Next daily credits in ${cooldown}`;
    }
    return 'No credits remaining. Purchase more to continue.';
  }
  if (state.balance === 1) return '1 credit remaining';
  return `${formatCredits(state.balance, locale)} credits remaining`;
}

export function getCreditColour(balance: number): CreditColour {
  if (balance <= 0) return 'red';
  if (balance < LOW_CREDITS_THRESHOLD) return 'yellow';
  return 'green';
}

/** Spec §5: premium users always may; others need a balance above 0. */
export function canGenerate(state: Pick<CreditStatusInput, 'balance' | 'isPremium'>): boolean {
  return state.isPremium || state.balance > 0;
}

export function hasSufficientCredits(
  state: Pick<CreditStatusInput, 'balance' | 'isPremium'>,
  needed: number = GENERATION_COST_CREDITS,
): boolean {
  return state.isPremium || state.balance >= needed;
}

export function showLowCreditsBadge(state: Pick<CreditStatusInput, 'balance' | 'isPremium'>) {
  return !state.isPremium && state.balance > 0 && state.balance < LOW_CREDITS_THRESHOLD;
}

export function showRequestCreditsButton(
  state: Pick<CreditStatusInput, 'balance' | 'isPremium' | 'canRequestCredits'>,
): boolean {
  return (
    !state.isPremium && state.canRequestCredits && state.balance <= REQUEST_CREDITS_BUTTON_THRESHOLD
  );
}

/** Header badge by the local generation count of a non-premium user. */
export function getGenerationBadge(generationCount: number): 'Creator' | 'Artist' | null {
  if (generationCount >= BADGE_CREATOR_GENERATIONS) return 'Creator';
  if (generationCount >= BADGE_ARTIST_GENERATIONS) return 'Artist';
  return null;
}
