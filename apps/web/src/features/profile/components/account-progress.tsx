import {
  describeJoinDate,
  getAccountTier,
  getAchievements,
  getMilestoneTitle,
} from '@nocturne/contract/users/account-progress';
import type { UserStats } from '@nocturne/contract/users/get-profile';
import { cn } from '../../../lib/cn';
import { SectionCard } from '../../../components/ui/section-card';

const STAT_LABELS: [keyof Omit<UserStats, 'joinDate'>, string][] = [
  ['totalGenerations', 'Generations'],
  ['completedGenerations', 'Completed'],
  ['failedGenerations', 'Failed'],
  ['cancelledGenerations', 'Cancelled'],
  ['totalFavorites', 'Favorites'],
  ['creditsUsed', 'Credits used'],
];

/** Spec §4: account tier, achievements, milestone title and join-date wording from the stats. */
export function AccountProgress({ stats, now }: { stats: UserStats; now?: Date }) {
  const tier = getAccountTier(stats.completedGenerations);
  const milestone = getMilestoneTitle(stats.totalGenerations);
  const achievements = getAchievements(stats);

  return (
    <SectionCard
      id="profile-progress"
      title="Your journey"
      description={`Joined ${describeJoinDate(new Date(stats.joinDate), now)}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-zinc-400">
          Account tier{' '}
          <span
            data-testid="account-tier"
            className="ml-1 rounded-full bg-accent-500/20 px-3 py-1 font-semibold text-accent-300"
          >
            {tier}
          </span>
        </p>
        {milestone && (
          <p data-testid="milestone-title" className="text-sm font-medium text-zinc-100">
            {milestone}
          </p>
        )}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {STAT_LABELS.map(([key, label]) => (
          <div key={key} className="rounded-2xl border border-glass-border bg-night-900/60 p-3">
            <dt className="text-xs text-zinc-400">{label}</dt>
            <dd className="mt-1 font-display text-xl font-semibold text-white">{stats[key]}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-zinc-200">Achievements</h3>
      <ul aria-label="Achievements" className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {achievements.map((achievement) => (
          <li
            key={achievement.id}
            data-unlocked={achievement.unlocked}
            className={cn(
              'rounded-2xl border p-3',
              achievement.unlocked
                ? 'border-accent-400/40 bg-accent-500/10'
                : 'border-glass-border bg-night-900/40 opacity-60',
            )}
          >
            <p className="text-sm font-semibold text-white">{achievement.title}</p>
            <p className="text-xs text-zinc-400">{achievement.description}</p>
            <p className="mt-1 text-xs font-medium text-zinc-300">
              {achievement.unlocked ? 'Unlocked' : 'Locked'}
            </p>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
