/** Spec §4 account tiers and achievements, pure so the profile page and its tests share them. */

export const TIER_THRESHOLDS = { regular: 10, advanced: 50, expert: 200 } as const;

export type AccountTier = 'Beginner' | 'Regular' | 'Advanced' | 'Expert';

/** By completed generations: under 10 (including 0), 10-49, 50-199, 200 and up. */
export function getAccountTier(completedGenerations: number): AccountTier {
  if (completedGenerations >= TIER_THRESHOLDS.expert) return 'Expert';
  if (completedGenerations >= TIER_THRESHOLDS.advanced) return 'Advanced';
  if (completedGenerations >= TIER_THRESHOLDS.regular) return 'Regular';
  return 'Beginner';
}

export interface AchievementInput {
  totalGenerations: number;
  completedGenerations: number;
  totalFavorites: number;
}

export interface Achievement {
  id: string;
  title: string;
  description: string;
  unlocked: boolean;
}

const ACHIEVEMENT_RULES: {
  id: string;
  title: string;
  description: string;
  isUnlocked: (input: AchievementInput) => boolean;
}[] = [
  {
    id: 'first-steps',
    title: 'First Steps',
    description: 'Create your first image',
    isUnlocked: (input) => input.totalGenerations >= 1,
  },
  {
    id: 'getting-creative',
    title: 'Getting Creative',
    description: 'Complete 10 generations',
    isUnlocked: (input) => input.completedGenerations >= 10,
  },
  {
    id: 'curator',
    title: 'Curator',
    description: 'Save 5 favorites',
    isUnlocked: (input) => input.totalFavorites >= 5,
  },
  {
    id: 'productive',
    title: 'Productive',
    description: 'Complete 50 generations',
    isUnlocked: (input) => input.completedGenerations >= 50,
  },
  {
    id: 'dedicated',
    title: 'Dedicated',
    description: 'Complete 100 generations',
    isUnlocked: (input) => input.completedGenerations >= 100,
  },
  {
    id: 'master-artist',
    title: 'Master Artist',
    description: 'Complete 200 generations',
    isUnlocked: (input) => input.completedGenerations >= 200,
  },
];

/** All six achievements in spec order, each locked or unlocked. */
export function getAchievements(input: AchievementInput): Achievement[] {
  return ACHIEVEMENT_RULES.map(({ isUnlocked, ...achievement }) => ({
    ...achievement,
    unlocked: isUnlocked(input),
  }));
}

/**
 * Spec §4 milestone title by generation count: 1, up to 5, up to 10, above. Null before the
 * first generation (the spec names no title for zero).
 */
export function getMilestoneTitle(totalGenerations: number): string | null {
  if (totalGenerations <= 0) return null;
  if (totalGenerations === 1) return 'First creation!';
  if (totalGenerations <= 5) return 'Getting started';
  if (totalGenerations <= 10) return 'Building momentum';
  return 'Prolific creator';
}

const DAY_MS = 24 * 60 * 60 * 1000;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** Spec §4 join-date wording: yesterday, days under 7, weeks under 30 days, months under 365, else years. */
export function describeJoinDate(joinDate: Date, now: Date = new Date()): string {
  const days = Math.max(0, Math.floor((now.getTime() - joinDate.getTime()) / DAY_MS));
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  if (days < 365) return plural(Math.floor(days / 30), 'month');
  return plural(Math.floor(days / 365), 'year');
}
