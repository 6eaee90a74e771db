import { describe, expect, it } from 'vitest';
import { generation } from '../../test/generation-row';
import { parseJoinSnapshot } from './join-snapshots';

const row = generation(1, { status: 'processing', result_image_url: null });

describe('join snapshots', () => {
  it('parses a generation channel snapshot with the Generation schema', () => {
    expect(parseJoinSnapshot('generation', row)).toEqual({ ok: true, snapshot: row });
    expect(parseJoinSnapshot('generation', { ...row, status: 'done' })).toEqual({ ok: false });
    // A generation join always carries one: its absence is an error, not "nothing changed".
    expect(parseJoinSnapshot('generation', undefined)).toEqual({ ok: false });
  });

  it("carries a queued image's place and wait, which must be a real place when present", () => {
    const queued = { ...row, status: 'queued', queue_position: 3, estimated_wait_s: 12 };
    expect(parseJoinSnapshot('generation', queued)).toEqual({ ok: true, snapshot: queued });
    const unknownWait = { ...queued, queue_position: 1, estimated_wait_s: null };
    expect(parseJoinSnapshot('generation', unknownWait)).toEqual({
      ok: true,
      snapshot: unknownWait,
    });
    expect(parseJoinSnapshot('generation', { ...queued, queue_position: 0 })).toEqual({
      ok: false,
    });
    expect(parseJoinSnapshot('generation', { ...queued, estimated_wait_s: -1 })).toEqual({
      ok: false,
    });
  });

  it('has none for credits and subscription channels, whatever the ack holds', () => {
    expect(parseJoinSnapshot('credits', undefined)).toEqual({ ok: true, snapshot: undefined });
    expect(parseJoinSnapshot('subscription', { any: 1 })).toEqual({
      ok: true,
      snapshot: undefined,
    });
  });
});
