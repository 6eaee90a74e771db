import { describe, expect, it } from 'vitest';
import {
  describeJoinDate,
  getAccountTier,
  getAchievements,
  getMilestoneTitle,
} from './account-progress';

describe('getAccountTier', () => {
  it.each([
    [0, 'Beginner'],
    [9, 'Beginner'],
    [10, 'Regular'],
    [49, 'Regular'],
    [50, 'Advanced'],
    [199, 'Advanced'],
    [200, 'Expert'],
  ])('%i completed generations is %s', (completed, tier) => {
    expect(getAccountTier(completed)).toBe(tier);
  });
});

function unlocked(completed: number, totalFavorites = 0, totalGenerations = completed) {
  return getAchievements({ totalGenerations, completedGenerations: completed, totalFavorites })
    .filter((achievement) => achievement.unlocked)
    .map((achievement) => achievement.title);
}

describe('getAchievements', () => {
  it.each([
    [0, []],
    [9, ['First Steps']],
    [10, ['First Steps', 'Getting Creative']],
    [49, ['First Steps', 'Getting Creative']],
    [50, ['First Steps', 'Getting Creative', 'Productive']],
    [99, ['First Steps', 'Getting Creative', 'Productive']],
    [100, ['First Steps', 'Getting Creative', 'Productive', 'Dedicated']],
    [199, ['First Steps', 'Getting Creative', 'Productive', 'Dedicated']],
    [200, ['First Steps', 'Getting Creative', 'Productive', 'Dedicated', 'Master Artist']],
  ])('%i completed generations unlock %j', (completed, titles) => {
    expect(unlocked(completed)).toEqual(titles);
  });

  it('lists all six in spec order, locked ones included', () => {
    expect(
      getAchievements({ totalGenerations: 0, completedGenerations: 0, totalFavorites: 0 }),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Master Artist', unlocked: false }),
      ]),
    );
    expect(
      getAchievements({ totalGenerations: 0, completedGenerations: 0, totalFavorites: 0 }).map(
        (achievement) => achievement.title,
      ),
    ).toEqual([
      'First Steps',
      'Getting Creative',
      'Curator',
      'Productive',
      'Dedicated',
      'Master Artist',
    ]);
  });

  it('First Steps counts any generation, even a failed one', () => {
    expect(unlocked(0, 0, 1)).toEqual(['First Steps']);
  });

  it('Curator needs 5 favorites', () => {
    expect(unlocked(0, 4, 0)).toEqual([]);
    expect(unlocked(0, 5, 0)).toEqual(['Curator']);
  });
});

describe('getMilestoneTitle', () => {
  it.each([
    [0, null],
    [1, 'First creation!'],
    [2, 'Getting started'],
    [5, 'Getting started'],
    [6, 'Building momentum'],
    [10, 'Building momentum'],
    [11, 'Prolific creator'],
    [200, 'Prolific creator'],
  ])('%i generations: %s', (count, title) => {
    expect(getMilestoneTitle(count)).toBe(title);
  });
});

describe('describeJoinDate', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  it.each([
    [0, 'today'],
    [1, 'yesterday'],
    [2, '2 days ago'],
    [6, '6 days ago'],
    [7, '1 week ago'],
    [29, '4 weeks ago'],
    [30, '1 month ago'],
    [364, '12 months ago'],
    [365, '1 year ago'],
    [800, '2 years ago'],
  ])('%i days ago reads %s', (days, text) => {
    expect(describeJoinDate(daysAgo(days), now)).toBe(text);
  });
});
