import type { RefusalStatus } from '@nocturne/contract/admin/admin-refusals';

/** The page's parts, by their `?tab=` value. */
export const MODERATION_TABS = {
  refusals: 'Refusals',
  'allowed-phrases': 'Allowed phrases',
  'blocked-terms': 'Blocked terms',
  'blocked-names': 'Blocked names',
  tester: 'Tester',
} as const;
export type ModerationTab = keyof typeof MODERATION_TABS;

export const isModerationTab = (value: string | null): value is ModerationTab =>
  value !== null && value in MODERATION_TABS;

export const STATUS_LABELS: Record<RefusalStatus, string> = {
  open: 'To review',
  confirmed: 'Confirmed',
  false_positive: 'False positive',
};
