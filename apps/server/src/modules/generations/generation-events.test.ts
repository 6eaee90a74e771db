import { channels } from '@nocturne/contract/realtime/channels';
import type { RealtimeEvent } from '@nocturne/contract/realtime/events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import type { ImageGenerator } from '@nocturne/imagegen/create-image-generator';
import {
  fakeEngine,
  giveCredits,
  startTestWorker,
  TINY_PNG,
  waitFor,
} from '../../../test/generation-worker-harness';
import { generations } from './generations-tables';
import { TEST_MODEL_ID } from '../../../test/test-models';

/**
 * Every state change reaches the transport once, after its commit: what `app.realtime.publish`
 * (the Socket.IO side of the unit of work) is handed for each action of the generation flow.
 */
describe('generation events (one per state change, after commit)', () => {
  let ctx: TestApp;
  let alice: { token: string; userId: string };
  let published: RealtimeEvent[];

  beforeAll(async () => {
    ctx = await createTestApp({ imageEngine: fakeEngine(() => Promise.reject(new Error('boom'))) });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    await giveCredits(ctx.database.db, alice.userId, 2);
  });
  afterAll(() => ctx.close());
  beforeEach(() => {
    published = [];
    vi.spyOn(ctx.app.realtime, 'publish').mockImplementation((event) => {
      published.push(event);
    });
  });

  const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${alice.token}` },
      payload,
    });
  const submit = () => call('POST', '/generate', { source_prompt: '', content_prompt: 'an owl' });
  const credit = (balance: number) => ({
    channel: channels.credits(alice.userId),
    event: 'credit_updated',
    payload: { balance },
  });
  const image = (requestId: string) => ({
    request_id: requestId,
    generation_id: expect.any(String) as string,
    image_index: 0,
    model: TEST_MODEL_ID,
  });
  // No job has completed on this backend yet, so there is no wait estimate.
  const queued = (requestId: string, position: number) => ({
    channel: channels.generation(requestId),
    event: 'update',
    payload: {
      ...image(requestId),
      status: 'queued',
      queue_position: position,
      estimated_wait_s: null,
    },
  });

  it('a submit sends one credit_updated and no update (its channel has no one yet); a delete one refund', async () => {
    const { requestId } = (await submit()).json<{ requestId: string }>();
    // The join's snapshot carries the place (generation-options.test.ts).
    expect(published).toEqual([credit(1)]);

    published.length = 0;
    expect((await call('DELETE', `/generations/${requestId}`)).statusCode).toBe(200);
    expect(published).toEqual([credit(2)]);
  });

  it('a refused submit (rolled back) sends nothing', async () => {
    await giveCredits(ctx.database.db, alice.userId, 0);
    const spend = await submit();
    const again = await submit();
    expect(spend.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    published.length = 0;
    const refused = await submit();
    expect(refused.statusCode).toBe(402);
    expect(published).toEqual([]);
    await ctx.database.db.delete(generations).where(eq(generations.userId, alice.userId));
  });

  it('a final failure sends its update, result and refund once; a retry charges and queues', async () => {
    await giveCredits(ctx.database.db, alice.userId, 1);
    const { requestId } = (await submit()).json<{ requestId: string }>();
    published.length = 0;
    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engine: ctx.app.imageEngine,
      unitOfWork: ctx.app.unitOfWork,
      settings: { maxAttempts: 1 },
    });
    await waitFor(() => published.some((event) => event.event === 'result'));
    await worker.stop();
    const channel = channels.generation(requestId);
    const failure = { ...image(requestId), status: 'failed', error: expect.any(String) };
    expect(published).toEqual([
      { channel, event: 'update', payload: expect.objectContaining({ status: 'processing' }) },
      { channel, event: 'update', payload: failure },
      {
        channel,
        event: 'result',
        payload: {
          ...failure,
          seed: expect.any(Number),
          result_base64: null,
          result_image_url: null,
        },
      },
      credit(1),
    ]);

    published.length = 0;
    expect((await call('POST', `/generations/${requestId}/retry`)).statusCode).toBe(200);
    expect(published).toEqual([credit(0), queued(requestId, 1)]);
  });

  it('a completed job sends one processing update, then completed and its result', async () => {
    await giveCredits(ctx.database.db, alice.userId, 1);
    const { requestId } = (await submit()).json<{ requestId: string }>();
    published.length = 0;
    // Engines report (0, queued) first, which the worker has already announced itself.
    const engine = fakeEngine(() => TINY_PNG);
    const reporting: ImageGenerator = {
      ...engine,
      generate: async (request, options = {}) => {
        options.onProgress?.({ fraction: 0, stage: 'queued' });
        return engine.generate(request, options);
      },
    };
    const worker = startTestWorker({
      database: ctx.database,
      images: ctx.app.images,
      engine: reporting,
      unitOfWork: ctx.app.unitOfWork,
      settings: { progressIntervalMs: 60_000 },
    });
    // The earlier test left a retried job in the queue: only this request's channel counts.
    const channel = channels.generation(requestId);
    const mine = () => published.filter((event) => event.channel === channel);
    await waitFor(() => mine().some((event) => event.event === 'result'));
    await worker.stop();
    const statuses = mine().map((event) => [
      event.event,
      (event.payload as { status: string }).status,
    ]);
    expect(statuses).toEqual([
      ['update', 'processing'],
      ['update', 'completed'],
      ['result', 'completed'],
    ]);
  });
});
