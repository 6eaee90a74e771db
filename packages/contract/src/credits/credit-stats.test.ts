import { describe, expect, it } from 'vitest';
import { deriveCreditStats } from './credit-stats';

const now = new Date('2026-11-21T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

describe('deriveCreditStats (spec §3)', () => {
  it('is all zeros for an empty history', () => {
    expect(deriveCreditStats([], now)).toEqual({
      totalUsed: 0,
      averagePerDay: 0,
      averageDays: 30,
      thisWeek: 0,
      thisMonth: 0,
      generationCount: 0,
      averagePerGeneration: 0,
    });
  });

  it('counts debits in the 7- and 30-day windows and ignores grants', () => {
    const stats = deriveCreditStats(
      [
        { amount: 10, created_at: daysAgo(40) },
        { amount: -1, created_at: daysAgo(1), generation_id: 'g1' },
        { amount: -1, created_at: daysAgo(6), generation_id: 'g2' },
        { amount: -1, created_at: daysAgo(20), generation_id: 'g3' },
        { amount: -1, created_at: daysAgo(45), generation_id: 'g4' },
        { amount: 10, created_at: daysAgo(2) },
      ],
      now,
    );
    expect(stats).toEqual({
      totalUsed: 4,
      averagePerDay: 0.1,
      averageDays: 30,
      thisWeek: 2,
      thisMonth: 3,
      generationCount: 4,
      averagePerGeneration: 1,
    });
  });

  it('nets a refund against its generation', () => {
    const stats = deriveCreditStats(
      [
        { amount: -1, created_at: daysAgo(1), generation_id: 'g1' },
        { amount: 1, created_at: daysAgo(1), generation_id: 'g1' },
        { amount: -1, created_at: daysAgo(1), generation_id: 'g2' },
      ],
      now,
    );
    expect(stats.totalUsed).toBe(1);
    expect(stats.thisWeek).toBe(1);
    expect(stats.generationCount).toBe(1);
  });

  it('counts the images of batch lines: four debited, one refunded', () => {
    const stats = deriveCreditStats(
      [
        { amount: -4, created_at: daysAgo(1), generation_id: 'g1', image_count: 4 },
        { amount: 1, created_at: daysAgo(1), generation_id: 'g3', image_count: 1 },
      ],
      now,
    );
    expect(stats).toMatchObject({ totalUsed: 3, generationCount: 3, averagePerGeneration: 1 });
  });

  it('averages over the days since joining when that is under 30 (a started day counts)', () => {
    const spent = [
      { amount: -1, created_at: daysAgo(0.1), generation_id: 'g1' },
      { amount: -1, created_at: daysAgo(0.2), generation_id: 'g2' },
      { amount: -1, created_at: daysAgo(0.3), generation_id: 'g3' },
    ];
    const joinedToday = new Date(now.getTime() - 5 * 3_600_000);
    expect(deriveCreditStats(spent, now, joinedToday)).toMatchObject({
      averagePerDay: 3,
      averageDays: 1,
    });
    expect(deriveCreditStats(spent, now, new Date(daysAgo(3.5)))).toMatchObject({
      averagePerDay: 0.75,
      averageDays: 4,
    });
    expect(deriveCreditStats(spent, now, new Date(daysAgo(400)))).toMatchObject({
      averagePerDay: 0.1,
      averageDays: 30,
    });
  });
});
