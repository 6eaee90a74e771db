import { describe, expect, it } from 'vitest';
import { auditDiff } from './audit-diff';

describe('auditDiff', () => {
  it('lines up before and after by key, marking what changed', () => {
    expect(auditDiff({ balance: 3, plan: null }, { balance: 10, plan: null })).toEqual([
      { key: 'balance', before: '3', after: '10', changed: true },
    ]);
  });

  it('flattens nested objects to dotted keys and shows keys on one side only', () => {
    expect(
      auditDiff(
        { generation: 'on', announcement: { level: 'info' } },
        { generation: 'off', announcement: { level: 'warning', text: 'Maintenance' } },
      ),
    ).toEqual([
      { key: 'generation', before: 'on', after: 'off', changed: true },
      { key: 'announcement.level', before: 'info', after: 'warning', changed: true },
      { key: 'announcement.text', before: null, after: 'Maintenance', changed: true },
    ]);
  });

  it('shows a bare value under "value", arrays as JSON and an empty text as "(empty)"', () => {
    expect(auditDiff({ message: '' }, { message: 'Back soon' })).toEqual([
      { key: 'message', before: '(empty)', after: 'Back soon', changed: true },
    ]);
    expect(auditDiff(null, ['a', 'b'])).toEqual([
      { key: 'value', before: null, after: '["a","b"]', changed: true },
    ]);
    expect(auditDiff({ suspended: false }, { suspended: false })).toEqual([
      { key: 'suspended', before: 'false', after: 'false', changed: false },
    ]);
  });
});
