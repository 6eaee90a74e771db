import { describe } from 'vitest';
import { PNG_BASE64 } from '../../../../test/features/generations/generation-fixtures';
import {
  completed,
  failed,
  finalizing,
  processing,
  queued,
  result,
  row,
  subscribing,
  table,
  update,
  cancelled,
  ID,
} from '../../../../test/features/generations/generation-flow-states';
import { imageHostUrl } from '../../../lib/image-host-url';

describe('generation flow: update events', () => {
  table([
    ['queued with its position', subscribing(30), update({ queue_position: 3 }), queued(30, 3)],
    [
      'queued without a position',
      queued(30, 3),
      update({ queue_position: null }),
      queued(30, null),
    ],
    ['processing → at least 70', subscribing(30), update({ status: 'processing' }), processing(70)],
    [
      'reported progress p → 70 + 20·p',
      queued(40),
      update({ status: 'processing', progress: 0.5 }),
      processing(80),
    ],
    [
      'reported progress never moves back',
      processing(80),
      update({ status: 'processing', progress: 0.25 }),
      processing(80),
    ],
    [
      'reported progress stays under the cap',
      processing(80),
      update({ status: 'processing', progress: 1 }),
      processing(90),
    ],
    [
      'a late queued after processing is ignored',
      processing(75),
      update({ queue_position: 2 }),
      processing(75),
    ],
    [
      'completed → at least 95, finalizing',
      processing(80),
      update({ status: 'completed' }),
      finalizing(95),
    ],
    [
      'completed straight from subscribing',
      subscribing(30),
      update({ status: 'completed' }),
      finalizing(95),
    ],
    [
      'a late processing after completed is ignored',
      finalizing(),
      update({ status: 'processing' }),
      finalizing(),
    ],
    [
      'failed → Generation failed',
      processing(80),
      update({ status: 'failed', error: 'boom' }),
      failed('generation'),
    ],
    [
      'another request id is ignored',
      subscribing(30),
      update({ request_id: 'other', status: 'failed' }),
      subscribing(30),
    ],
  ]);
});

describe('generation flow: the result event', () => {
  table([
    ['its image → completed at 100', finalizing(), result('completed'), completed()],
    [
      'a data URL is kept as is',
      processing(),
      result('completed', `data:image/png;base64,${PNG_BASE64}`),
      completed(),
    ],
    [
      'another request id is ignored',
      finalizing(),
      result('completed', PNG_BASE64, 'other'),
      finalizing(),
    ],
    ['failed → Generation failed', finalizing(), result('failed', null), failed('generation')],
    [
      'completed without an image → failed',
      finalizing(),
      result('completed', null),
      failed('generation'),
    ],
    [
      'completed with its link only (the server could not inline it) → the linked image',
      finalizing(),
      result('completed', null, ID, '/images/ab/cd.png?expires=1&signature=s'),
      completed(imageHostUrl('/images/ab/cd.png?expires=1&signature=s')),
    ],
    [
      'completed with a broken image → failed',
      finalizing(),
      result('completed', 'not base64!'),
      failed('generation'),
    ],
    ['ignored after cancel', cancelled, result('completed'), cancelled],
    ['ignored once completed', completed(), result('failed', null), completed()],
  ]);
});

describe("generation flow: the row (the join's snapshot, or read)", () => {
  table([
    [
      'completed with its image URL → completed',
      subscribing(),
      row({ status: 'completed', result_image_url: '/images/r.png' }),
      completed(imageHostUrl('/images/r.png'), { generationId: 'gen-1', seed: 1001 }),
    ],
    [
      'completed without an image waits for the result',
      subscribing(),
      row({ status: 'completed' }),
      subscribing(),
    ],
    ['processing → at least 70', subscribing(30), row({ status: 'processing' }), processing(70)],
    ['queued (no position known)', subscribing(30), row({ status: 'queued' }), queued(30, null)],
    [
      "the join's snapshot of a queued row: its place and wait",
      subscribing(30),
      row({ status: 'queued', queue_position: 4, estimated_wait_s: 36 }),
      queued(30, 4, 36),
    ],
    [
      'the snapshot after an update: its place is the newer one',
      queued(30, 3),
      row({ status: 'queued', queue_position: 2, estimated_wait_s: null }),
      queued(30, 2, null),
    ],
    ['failed → Generation failed', subscribing(), row({ status: 'failed' }), failed('generation')],
    [
      'another request id is ignored',
      subscribing(),
      row({ request_id: 'other', status: 'failed' }),
      subscribing(),
    ],
  ]);
});

describe('generation flow: channel status', () => {
  table([
    [
      'CHANNEL_ERROR → failed to subscribe',
      subscribing(),
      { type: 'channel', status: 'CHANNEL_ERROR' },
      failed('subscription', 'Failed to subscribe to generation updates'),
    ],
    [
      'TIMED_OUT → timed out',
      processing(),
      { type: 'channel', status: 'TIMED_OUT' },
      failed('timed_out', 'Subscription timed out'),
    ],
    [
      'SUBSCRIBED changes nothing',
      subscribing(),
      { type: 'channel', status: 'SUBSCRIBED' },
      subscribing(),
    ],
    ['CLOSED changes nothing', queued(), { type: 'channel', status: 'CLOSED' }, queued()],
  ]);
});
