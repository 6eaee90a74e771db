import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserStats } from '@nocturne/contract/users/get-profile';
import { AccountProgress } from './account-progress';

const now = new Date('2026-06-15T12:00:00Z');

function stats(completed: number, extra: Partial<UserStats> = {}): UserStats {
  return {
    totalGenerations: completed,
    completedGenerations: completed,
    failedGenerations: 0,
    cancelledGenerations: 0,
    totalFavorites: 0,
    creditsUsed: completed,
    joinDate: '2026-06-14T11:00:00Z',
    ...extra,
  };
}

function unlockedTitles() {
  return within(screen.getByRole('list', { name: 'Achievements' }))
    .getAllByRole('listitem')
    .filter((item) => item.dataset.unlocked === 'true')
    .map((item) => item.querySelector('p')?.textContent);
}

describe('AccountProgress (spec §4)', () => {
  it.each([
    [0, 'Beginner', []],
    [9, 'Beginner', ['First Steps']],
    [10, 'Regular', ['First Steps', 'Getting Creative']],
    [49, 'Regular', ['First Steps', 'Getting Creative']],
    [50, 'Advanced', ['First Steps', 'Getting Creative', 'Productive']],
    [199, 'Advanced', ['First Steps', 'Getting Creative', 'Productive', 'Dedicated']],
    [
      200,
      'Expert',
      ['First Steps', 'Getting Creative', 'Productive', 'Dedicated', 'Master Artist'],
    ],
  ])('%i completed: tier %s, unlocked %j', (completed, tier, titles) => {
    render(<AccountProgress stats={stats(completed)} now={now} />);
    expect(screen.getByTestId('account-tier')).toHaveTextContent(tier);
    expect(unlockedTitles()).toEqual(titles);
    expect(screen.getAllByText('Locked')).toHaveLength(6 - titles.length);
  });

  it('shows all six achievements, Curator at 5 favorites', () => {
    render(<AccountProgress stats={stats(0, { totalFavorites: 5 })} now={now} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(unlockedTitles()).toEqual(['Curator']);
  });

  it('shows the milestone title and the join-date wording', () => {
    render(<AccountProgress stats={stats(1)} now={now} />);
    expect(screen.getByTestId('milestone-title')).toHaveTextContent('First creation!');
    expect(screen.getByText('Joined yesterday')).toBeInTheDocument();
  });

  it('shows no milestone before the first generation', () => {
    render(<AccountProgress stats={stats(0)} now={now} />);
    expect(screen.queryByTestId('milestone-title')).not.toBeInTheDocument();
  });
});

describe('AccountProgress stats', () => {
  it('counts cancelled generations apart from failed ones', () => {
    render(
      <AccountProgress
        stats={stats(3, { failedGenerations: 2, cancelledGenerations: 4 })}
        now={now}
      />,
    );
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextSibling;
    expect(value('Failed')).toHaveTextContent('2');
    expect(value('Cancelled')).toHaveTextContent('4');
  });
});
