import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import { describe, expect, it } from 'vitest';
import { restoreResult, toRelayedResult, type ResultEvent } from './result-relay';

const KEY = `ab/${'c'.repeat(64)}.png`;
const PNG = Buffer.from('png bytes');

function resultEvent(overrides: Partial<ResultEvent['payload']> = {}): ResultEvent {
  return {
    channel: channels.generation('req-1'),
    event: 'result',
    payload: {
      request_id: 'req-1',
      generation_id: 'gen-1',
      image_index: 0,
      status: 'completed',
      seed: 7,
      result_base64: PNG.toString('base64'),
      result_image_url: `https://img.example.com/images/${KEY}?expires=1&signature=s`,
      error: null,
      ...overrides,
    },
  };
}

describe('result relay', () => {
  it('sends a result across processes without its image, with the key from its link', () => {
    const relayed = toRelayedResult(resultEvent());
    expect(relayed).toEqual({
      event: resultEvent({ result_base64: null }),
      imageKey: KEY,
    });
  });

  it('relays a result published without its base64 (a worker-only process) the same way', () => {
    expect(toRelayedResult(resultEvent({ result_base64: null }))).toEqual({
      event: resultEvent({ result_base64: null }),
      imageKey: KEY,
    });
  });

  it('leaves other events, failed results and links that are not ours as they are', () => {
    const update: RealtimeEvent = {
      channel: channels.generation('req-1'),
      event: 'update',
      payload: { request_id: 'req-1', status: 'processing', progress: 0.5 },
    };
    expect(toRelayedResult(update)).toBeUndefined();
    const failed = { status: 'failed', error: 'no', result_base64: null, result_image_url: null };
    expect(toRelayedResult(resultEvent(failed as never))).toBeUndefined();
    expect(toRelayedResult(resultEvent({ result_image_url: '/elsewhere/x.png' }))).toBeUndefined();
  });

  it('restores the whole event from the image store', async () => {
    const relayed = toRelayedResult(resultEvent());
    if (!relayed) throw new Error('not relayed');
    const restored = await restoreResult(
      relayed,
      async (key) => (key === KEY ? PNG : Buffer.alloc(0)),
      () => undefined,
    );
    expect(restored).toEqual(resultEvent());
  });

  it('sends the link alone when the image cannot be read, and says why', async () => {
    const relayed = toRelayedResult(resultEvent());
    if (!relayed) throw new Error('not relayed');
    const errors: unknown[] = [];
    const restored = await restoreResult(
      relayed,
      () => Promise.reject(new Error('bucket down')),
      (error) => errors.push(error),
    );
    expect(restored).toEqual(resultEvent({ result_base64: null }));
    expect(errors).toHaveLength(1);
  });
});
