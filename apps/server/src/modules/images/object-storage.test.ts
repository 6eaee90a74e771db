import {
  EXPORT_DATA_FILE,
  exportDataSchema,
} from '@nocturne/contract/account-data/export-user-data';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites, generations } from '../generations/generations-tables';
import { seedAccountData } from '../../../test/account-data-fixture';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import {
  fakeEngine,
  giveCredits,
  startTestWorker,
  TINY_PNG,
  waitFor,
} from '../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { readZip } from '../../../test/read-zip';
import { startS3Server, type S3Server } from '../../../test/start-s3-server';

const IMAGE_BASE_URL = 'https://img.example.com';

/** The app with S3_BUCKET set, against a real local S3 server: no image touches DATA_DIR. */
describe('object storage (S3_BUCKET)', () => {
  let s3: S3Server;
  let ctx: TestApp;
  let alice: { token: string; userId: string };

  beforeAll(async () => {
    s3 = await startS3Server();
    ctx = await createTestApp({
      env: { ...s3.env, S3_PREFIX: 'nocturne/', IMAGE_BASE_URL },
      imageEngine: fakeEngine(() => TINY_PNG),
    });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    await seedAccountData(ctx, alice);
  });
  afterAll(async () => {
    await ctx.close();
    await s3.stop();
  });

  const call = (method: 'GET' | 'DELETE', url: string) =>
    ctx.app.inject({ method, url, headers: { authorization: `Bearer ${alice.token}` } });
  const keysOf = async (userId: string) => [
    ...(await ctx.database.db.select().from(generations).where(eq(generations.userId, userId))).map(
      (row) => row.resultPath!,
    ),
    ...(await ctx.database.db.select().from(favorites).where(eq(favorites.userId, userId))).map(
      (row) => row.imagePath,
    ),
  ];

  it('stores results and the favorite’s own copy in the bucket, and serves them by signed link', async () => {
    const keys = await keysOf(alice.userId);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
    expect(await s3.listKeys()).toEqual(keys.map((key) => `nocturne/${key}`).sort());

    const list = await call('GET', '/api/v1/generations');
    const links = list
      .json<{ generations: { result_image_url: string }[] }>()
      .generations.map((row) => row.result_image_url);
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.startsWith(`${IMAGE_BASE_URL}/images/`)).toBe(true);
      const served = await ctx.app.inject({
        method: 'GET',
        url: link.slice(IMAGE_BASE_URL.length),
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
      const unsigned = link.slice(IMAGE_BASE_URL.length).split('?')[0];
      expect((await ctx.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(403);
    }
    const missing = ctx.app.images.urlFor(`ab/${'cd'.repeat(32)}.png`);
    const gone = await ctx.app.inject({ method: 'GET', url: missing.slice(IMAGE_BASE_URL.length) });
    expect(gone.statusCode).toBe(404);
  });

  it('streams the bucket’s images into the export ZIP', async () => {
    const response = await call('GET', '/api/v1/user/export');
    expect(response.statusCode).toBe(200);
    const files = await readZip(response.rawPayload);
    const data = exportDataSchema.parse(JSON.parse(files.get(EXPORT_DATA_FILE)!.toString('utf8')));
    const imageFiles = [...data.generations, ...data.favorites].map((row) => row.image_file);
    expect(imageFiles).toHaveLength(3);
    for (const file of imageFiles) expect(files.get(file!)?.equals(TINY_PNG)).toBe(true);
  });

  it('deleting a generation, then the account, removes their objects from the bucket', async () => {
    const [generation] = await ctx.database.db
      .select()
      .from(generations)
      .where(eq(generations.userId, alice.userId));
    const deleted = await call('DELETE', `/api/v1/generations/${generation!.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await s3.listKeys()).not.toContain(`nocturne/${generation!.resultPath}`);
    expect(await s3.listKeys()).toHaveLength(2);

    expect((await call('DELETE', '/api/v1/user/account')).statusCode).toBe(200);
    expect(await s3.listKeys()).toEqual([]);
  });
});

describe('object storage that is down', () => {
  it('fails the generation and refunds its credit: nothing is charged for a lost image', async () => {
    const s3 = await startS3Server();
    const ctx = await createTestApp({ env: s3.env, imageEngine: fakeEngine(() => TINY_PNG) });
    try {
      const bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
      await giveCredits(ctx.database.db, bob.userId, 1);
      await s3.stop();
      const submit = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/generate',
        headers: { authorization: `Bearer ${bob.token}` },
        payload: { source_prompt: '', content_prompt: 'a lighthouse' },
      });
      expect(submit.statusCode).toBe(200);
      const worker = startTestWorker({
        database: ctx.database,
        images: ctx.app.images,
        engine: ctx.app.imageEngine,
        settings: { maxAttempts: 2, backoffMs: 10 },
      });
      const row = await waitFor(async () => {
        const [current] = await ctx.database.db
          .select()
          .from(generations)
          .where(eq(generations.userId, bob.userId));
        return current?.status === 'failed' ? current : undefined;
      }, 15_000).finally(() => worker.stop());
      expect(row.resultPath).toBeNull();
      expect(row.attempts).toBe(2);
      const ledger = await readCreditLedger(ctx.database.db, bob.userId);
      expect(ledger.balance).toBe(1);
      expect(ledger.balance).toBe(ledger.ledgerSum);
      expect(ledger.entries.filter((entry) => entry.reason === 'refund')).toHaveLength(1);
    } finally {
      await ctx.close();
      await s3.stop();
    }
  });
});
