/** Texts of the completion step (spec §5/§8), shared by the components and their tests. */
export const SAVE_MESSAGES = {
  missingRequestId: 'Unable to save image - missing request ID.',
  failed: 'Failed to save image to gallery. Please try again.',
} as const;

/** Spec §5: after a generation, a nudge at 3 credits or fewer (non-premium). */
export function upgradeNudgeText(balance: number): string {
  if (balance <= 0) return 'No credits left — go Premium for unlimited generations.';
  if (balance === 1) return 'Only 1 credit left — go Premium for unlimited generations.';
  return `Only ${balance} credits left — go Premium for unlimited generations.`;
}

/** Spec §2 cost line for a non-premium submit: one credit per image. */
export function costText(imageCount: number): string {
  return imageCount === 1 ? '1 credit' : `${imageCount} credits`;
}
