import { generationResultEventSchema } from '@nocturne/contract/generations/generation-events';
import { channels, type RealtimeMessage } from '@nocturne/contract/realtime/channels';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { giveCredits, waitFor } from '../test/generation-worker-harness';
import { openTestDatabaseWithUrl } from '../test/open-test-database';
import { createRealtimeClients } from '../test/realtime-client';
import { signUpOverHttp } from '../test/sign-up-over-http';
import { startFakeImagesApi, type FakeImagesApi } from '../test/start-fake-images-api';
import { startS3Server, type S3Server } from '../test/start-s3-server';
import { hasRedisServer, startRedisServer, type RedisServer } from '../test/start-redis-server';
import {
  startSplitRoleProcesses,
  type SplitRoleProcesses,
} from '../test/start-split-role-processes';
import { creditTransactions } from './modules/credits/credits-tables';
import type { Database } from './db/database';
import { generations } from './modules/generations/generations-tables';
import { imageData, settle, splitRolesHelpers } from '../test/split-roles-fixtures';
import { maskPng } from '../test/inpaint-fixtures';
import { findInpaintMask } from './modules/generations/repository/inpaint-masks';

const onPostgres = inject('databaseKind') === 'postgres';
if (!onPostgres) {
  console.warn(
    'split-roles.test.ts skipped under PGlite: separate API and worker processes need a shared PostgreSQL (it runs in the server-postgres project)',
  );
} else if (!hasRedisServer) {
  console.warn('split roles over Redis skipped: /usr/bin/redis-server is not installed');
}

/**
 * Real OS processes, as deployed: two `node src/main.ts --role=api` and two `--role=worker`, each
 * with its own DATA_DIR, images in one S3 bucket (a real S3-compatible server), on one
 * PostgreSQL database. Every client gets every event of its channels exactly once, whichever API
 * process it is connected to, through Socket.IO's PostgreSQL adapter and emitter, or its Redis
 * adapter and emitter.
 */
describe.each([
  { fanOut: 'postgres', runs: onPostgres },
  { fanOut: 'redis', runs: onPostgres && hasRedisServer },
])('split role processes over $fanOut', ({ fanOut, runs }) => {
  let database: Database;
  let redis: RedisServer | undefined;
  let imagesApi: FakeImagesApi;
  let s3: S3Server | undefined;
  let roles: SplitRoleProcesses | undefined;
  let alice: { token: string; userId: string };
  const clients = createRealtimeClients();
  /** The worker the kill test ended, for the exit codes at the end. */
  let killed: string | undefined;

  beforeAll(async () => {
    if (!runs) return;
    const opened = await openTestDatabaseWithUrl();
    database = opened.database;
    redis = fanOut === 'redis' ? await startRedisServer() : undefined;
    imagesApi = await startFakeImagesApi();
    s3 = await startS3Server();
    roles = await startSplitRoleProcesses({
      databaseUrl: opened.url ?? '',
      redisUrl: redis?.url,
      imagesApiUrl: imagesApi.url,
      s3Env: s3.env,
    });
    alice = await signUpOverHttp(roles.apiUrls[0], roles.dataDir, 'alice@example.com');
  }, 90_000);
  afterAll(async () => {
    if (!runs) return;
    clients.disconnectAll();
    imagesApi?.release();
    await roles?.stop();
    await imagesApi?.stop();
    await s3?.stop();
    await redis?.stop();
    await database?.close();
  }, 30_000);
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => console.error(roles?.output()));
  });

  const { balanceOf, lockedBy, listenOnBoth, post, generate } = splitRolesHelpers(
    () => ({ database, roles, alice }),
    clients,
  );

  it.runIf(runs)('delivers the events of either API process once to clients of both', async () => {
    const received = await listenOnBoth(channels.credits(alice.userId));

    expect((await post(0, '/api/v1/credits/request-daily')).status).toBe(200);
    expect((await generate(1, 'a lantern in the fog')).status).toBe(200);

    // Two publishing processes: each event arrives once, in no promised relative order.
    const balances = (messages: RealtimeMessage[]) =>
      messages
        .map((message) => (message.payload as { balance: number }).balance)
        .sort((a, b) => b - a);
    for (const messages of received) await expect.poll(() => balances(messages)).toEqual([10, 9]);
    await settle();
    for (const messages of received) {
      expect(messages).toHaveLength(2);
      expect(messages.every((message) => message.event === 'credit_updated')).toBe(true);
    }
  });

  it.runIf(runs)(
    "delivers the worker process's updates and 1 MB result to clients of both API processes, once",
    { timeout: 60_000 },
    async () => {
      await giveCredits(database.db, alice.userId, 3);
      // Jobs held at the images API keep both workers (concurrency 1 each) busy, so the clients
      // can join the next job's channel before a worker claims it.
      imagesApi.hold();
      for (const prompt of ['a lighthouse keeping a worker busy', 'a mill keeping a worker busy'])
        expect((await generate(0, prompt)).status).toBe(200);
      await waitFor(() => imagesApi.waiting() === 2, 45_000);
      const submit = await generate(0, 'a quiet harbour at night');
      expect(submit.status).toBe(200);
      const { requestId } = (await submit.json()) as { requestId: string };
      const channel = channels.generation(requestId);
      const received = await listenOnBoth(channel);
      imagesApi.release();

      for (const messages of received) {
        await waitFor(() => messages.some((message) => message.event === 'result'), 45_000);
      }
      await settle();
      // Both clients saw the same publications, each once; the count of throttled progress
      // updates depends on timing, the rest does not.
      expect(received[1]).toEqual(received[0]);
      const messages = received[0] ?? [];
      expect(messages.every((message) => message.channel === channel)).toBe(true);
      expect(messages.map((message) => message.event).slice(-2)).toEqual(['update', 'result']);
      const updates = messages.slice(0, -1).map((message) => message.payload);
      const processing = updates.slice(0, -1);
      expect(processing.length).toBeGreaterThanOrEqual(1);
      expect(processing[0]).toMatchObject({ request_id: requestId, progress: 0 });
      for (const update of processing)
        expect(update).toMatchObject({ request_id: requestId, status: 'processing' });
      const progress = processing.map((update) => (update as { progress: number }).progress);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      expect(updates.at(-1)).toEqual({
        request_id: requestId,
        generation_id: expect.any(String),
        image_index: 0,
        model: 'openai',
        status: 'completed',
        progress: 1,
        stage: null,
      });

      const result = generationResultEventSchema.parse(messages.at(-1)?.payload);
      expect(result).toMatchObject({ request_id: requestId, status: 'completed', error: null });
      expect(result.result_base64?.length).toBeGreaterThan(1_000_000);
      const png = Buffer.from(result.result_base64 ?? '', 'base64');
      // The worker re-encodes with its AI-generated marking: same pixels, new metadata.
      expect(imageData(png).equals(imageData(imagesApi.png))).toBe(true);
      if (fanOut === 'postgres') {
        // The image crossed processes as a key, not as a megabyte through PostgreSQL: each API
        // process read it from the bucket (modules/realtime/result-relay.ts).
        const largest = (await database.db.execute(
          sql`select max(octet_length(payload)) as bytes from socket_io_attachments`,
        )) as unknown as { rows: { bytes: number | null }[] };
        expect(Number(largest.rows[0]?.bytes ?? 0)).toBeLessThan(100_000);
      }
      // No process shares a disk with another: the worker wrote the image to the bucket, and each
      // API process serves it from there.
      const key = new URL(result.result_image_url ?? '', 'http://x').pathname.replace(
        '/images/',
        '',
      );
      expect(await s3?.listKeys()).toContain(key);
      for (const url of roles?.apiUrls ?? []) {
        const served = await fetch(`${url}${result.result_image_url}`);
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
      }
    },
  );

  it.runIf(runs)(
    'inpaints a result on a worker process with the mask the other API process took, charged once',
    { timeout: 90_000 },
    async () => {
      await giveCredits(database.db, alice.userId, 2);
      const before = await balanceOf(alice.userId);
      const finished = (requestId: string) =>
        waitFor(async () => {
          const [row] = await database.db
            .select()
            .from(generations)
            .where(eq(generations.requestId, requestId));
          return row && ['completed', 'failed'].includes(row.status) ? row : undefined;
        }, 45_000);
      const submit = await generate(0, 'a boat on a lake');
      const source = await finished(((await submit.json()) as { requestId: string }).requestId);
      expect(source.status).toBe('completed');

      const mask = (await maskPng(512, 512)).toString('base64');
      const inpaint = await post(1, `/api/v1/generations/${source.id}/inpaint`, {
        mask,
        prompt: 'a red sail',
      });
      expect(inpaint.status).toBe(200);
      const job = await finished(((await inpaint.json()) as { requestId: string }).requestId);
      expect(job).toMatchObject({
        status: 'completed',
        kind: 'inpaint',
        sourceGenerationId: source.id,
      });
      // The worker read the mask from the database and the source from the bucket.
      const edits = imagesApi.served().filter((served) => served.maskedEdit);
      expect(edits.map((served) => served.prompt)).toEqual(['a red sail']);
      // The worker deletes the mask just after the completion it commits.
      await waitFor(async () => (await findInpaintMask(database.db, job.id)) === undefined);
      expect(await balanceOf(alice.userId)).toBe(before - 2);
    },
  );

  it.runIf(runs)(
    'finishes the job of a worker killed mid-job on the other worker, charged once',
    { timeout: 60_000 },
    async () => {
      await giveCredits(database.db, alice.userId, 1);
      const before = await balanceOf(alice.userId);
      imagesApi.hold();
      const submit = await generate(0, 'a ferry crossing at dawn');
      expect(submit.status).toBe(200);
      const { requestId } = (await submit.json()) as { requestId: string };
      const [, received] = await listenOnBoth(channels.generation(requestId));
      await waitFor(() => imagesApi.waiting() === 1, 45_000);

      const holder = await lockedBy(requestId);
      const victim = roles?.workers.find((worker) => holder.endsWith(`:${worker.pid}`));
      expect(victim).toBeDefined();
      expect(await victim?.kill()).toBe('SIGKILL');
      killed = victim?.name;
      imagesApi.release();

      // The other worker claims it once the lease lapses (SPLIT_ROLES_LEASE_S) and delivers it.
      await waitFor(() => received?.some((message) => message.event === 'result'), 45_000);
      await settle();
      const results = (received ?? []).filter((message) => message.event === 'result');
      expect(results).toHaveLength(1);
      expect(generationResultEventSchema.parse(results[0]?.payload)).toMatchObject({
        request_id: requestId,
        status: 'completed',
      });
      const [row] = await database.db
        .select()
        .from(generations)
        .where(eq(generations.requestId, requestId));
      expect(row).toMatchObject({ status: 'completed', lockedBy: null, attempts: 2 });
      const charges = await database.db
        .select()
        .from(creditTransactions)
        .where(eq(creditTransactions.generationId, row?.id ?? ''));
      expect(charges.map((charge) => charge.amount)).toEqual([-1]);
      expect(await balanceOf(alice.userId)).toBe(before - 1);
    },
  );

  it.runIf(runs)('every process still running exits with code 0 on SIGTERM', async () => {
    clients.disconnectAll();
    const exits = await roles?.stop();
    expect(killed).toBeDefined();
    expect(exits).toEqual({
      'api 0': 0,
      'api 1': 0,
      'worker 0': killed === 'worker 0' ? 'SIGKILL' : 0,
      'worker 1': killed === 'worker 1' ? 'SIGKILL' : 0,
    });
  });
});
