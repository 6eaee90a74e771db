import { describe, expect, expectTypeOf, it } from 'vitest';
import { channels } from './channels';
import {
  parseRealtimeEvent,
  realtimeEventNames,
  type KindOfChannel,
  type RealtimeEvent,
} from './events';

describe('realtime event map', () => {
  it('names the spec events of every channel kind', () => {
    expect(realtimeEventNames('credits')).toEqual([
      'credit_updated',
      'premium_activated',
      'premium_expired',
      'premium_cancelled',
    ]);
    expect(realtimeEventNames('subscription')).toEqual([
      'subscription.activated',
      'subscription.cancelled',
      'subscription.expired',
    ]);
    expect(realtimeEventNames('generation')).toEqual(['update', 'result', 'preview']);
  });

  it('parses a live preview and refuses one without base64 image or with step 0', () => {
    const preview = {
      request_id: 'r1',
      generation_id: 'g1',
      image_index: 1,
      step: 2,
      steps: 8,
      image_webp_base64: 'UklGRg==',
    };
    expect(parseRealtimeEvent('generation', 'preview', preview)).toEqual({
      event: 'preview',
      payload: preview,
    });
    expect(
      parseRealtimeEvent('generation', 'preview', { ...preview, image_webp_base64: '' }),
    ).toBeUndefined();
    expect(
      parseRealtimeEvent('generation', 'preview', { ...preview, image_webp_base64: 'a"><b' }),
    ).toBeUndefined();
    expect(parseRealtimeEvent('generation', 'preview', { ...preview, step: 0 })).toBeUndefined();
  });

  it('parses a known event with its schema', () => {
    expect(parseRealtimeEvent('credits', 'credit_updated', { balance: 9 })).toEqual({
      event: 'credit_updated',
      payload: { balance: 9 },
    });
    const update = parseRealtimeEvent('generation', 'update', {
      request_id: 'r1',
      status: 'processing',
      progress: 0.5,
    });
    expect(update?.event).toBe('update');
  });

  it('refuses unknown names, names of another kind and payloads that do not match', () => {
    expect(parseRealtimeEvent('credits', 'update', { balance: 1 })).toBeUndefined();
    expect(parseRealtimeEvent('credits', 'toString', {})).toBeUndefined();
    expect(parseRealtimeEvent('credits', 'credit_updated', { balance: -1 })).toBeUndefined();
    expect(parseRealtimeEvent('generation', 'result', { request_id: 'r1' })).toBeUndefined();
  });

  it('types events by the kind of their channel', () => {
    expectTypeOf<KindOfChannel<ReturnType<typeof channels.credits>>>().toEqualTypeOf<'credits'>();
    const event: RealtimeEvent = {
      channel: channels.credits('u1'),
      event: 'credit_updated',
      payload: { balance: 3 },
    };
    expect(event.event).toBe('credit_updated');
    // @ts-expect-error an update is not a credits event
    const wrong: RealtimeEvent = { channel: channels.credits('u1'), event: 'update', payload: {} };
    expect(wrong).toBeDefined();
  });
});
