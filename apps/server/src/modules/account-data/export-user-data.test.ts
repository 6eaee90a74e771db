import {
  EXPORT_DATA_FILE,
  exportDataSchema,
  exportFileName,
} from '@nocturne/contract/account-data/export-user-data';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAccountData } from '../../../test/account-data-fixture';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/create-test-app';
import { fakeEngine, TINY_PNG } from '../../../test/generation-worker-harness';
import { generations } from '../generations/generations-tables';
import { mailNotices } from '../notices/notices-tables';
import { readOutbox } from '../../../test/read-outbox';
import { readZip } from '../../../test/read-zip';
import { seedPayments } from '../../../test/seed-payments';

const ALICE_NOTICE_OCCASION = new Date('2026-12-01T10:00:00.000Z');

describe('GET /api/v1/user/export', () => {
  let ctx: TestApp;
  let alice: { token: string; userId: string; cookie: string };
  let bob: { token: string; userId: string };
  let aliceGenerations: { id: string }[];
  let bobGenerations: { id: string }[];
  let alicePayments: Awaited<ReturnType<typeof seedPayments>>;

  beforeAll(async () => {
    ctx = await createTestApp({ imageEngine: fakeEngine(() => TINY_PNG) });
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
    aliceGenerations = (await seedAccountData(ctx, alice)).generations;
    bobGenerations = (await seedAccountData(ctx, bob)).generations;
    alicePayments = await seedPayments(ctx.database.db, alice.userId);
    await seedPayments(ctx.database.db, bob.userId);
    await ctx.database.db.insert(mailNotices).values([
      { userId: alice.userId, kind: 'subscription_renewal', occasion: ALICE_NOTICE_OCCASION },
      { userId: bob.userId, kind: 'subscription_renewal', occasion: new Date() },
    ]);
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/user/preferences',
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { blurThumbnails: true },
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  const exportAs = (token: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/export',
      headers: { authorization: `Bearer ${token}` },
    });

  it('requires a bearer token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/export' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
  });

  it('streams a ZIP download named after the day', async () => {
    const response = await exportAs(alice.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${exportFileName(new Date())}"`,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(exportFileName(new Date('2026-11-22T23:59:00Z'))).toBe('nocturne-export-2026-11-22.zip');
  });

  it('holds all of the person’s data and their images, and nothing of anyone else', async () => {
    const files = await readZip((await exportAs(alice.token)).rawPayload);
    const data = exportDataSchema.parse(JSON.parse(files.get(EXPORT_DATA_FILE)!.toString('utf8')));

    expect(data.profile).toMatchObject({ id: alice.userId, email: 'alice@example.com' });
    expect(data.profile).toHaveProperty('age_confirmed_at');
    expect(data.preferences).toMatchObject({ user_id: alice.userId, blur_thumbnails: true });
    expect(data.accounts).toHaveLength(1);
    expect(data.accounts[0]).toMatchObject({ provider_id: 'credential', user_id: alice.userId });
    expect(data.accounts[0]).not.toHaveProperty('password');
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0]).not.toHaveProperty('token');

    expect(data.generations.map((row) => row.id).sort()).toEqual(
      aliceGenerations.map((row) => row.id).sort(),
    );
    expect(data.generations[0]).toMatchObject({
      user_id: alice.userId,
      status: 'completed',
      source_prompt: expect.stringContaining('source of'),
    });
    expect(data.generations[0]).toHaveProperty('retry_count');
    expect(data.favorites).toHaveLength(1);
    expect(data.favorites[0]).toMatchObject({ user_id: alice.userId });

    // 5 granted, 2 spent; the balance row agrees with the ledger.
    expect(data.credit_ledger.map((entry) => entry.amount).sort()).toEqual([-1, -1, 5]);
    expect(data.credit_account).toMatchObject({ balance: 3 });

    expect(data.subscription).toMatchObject({
      user_id: alice.userId,
      plan: 'monthly',
      status: 'active',
      is_lifetime: false,
      expires_at: alicePayments.expiresAt.toISOString(),
      pending_payment_id: alicePayments.pack.id,
    });
    expect(data.payments).toHaveLength(2);
    expect(data.mail_notices).toEqual([
      expect.objectContaining({
        user_id: alice.userId,
        kind: 'subscription_renewal',
        occasion: ALICE_NOTICE_OCCASION.toISOString(),
      }),
    ]);
    expect(data.payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: alicePayments.plan.id,
          purpose: 'subscription',
          plan: 'monthly',
          order_id: alicePayments.plan.orderId,
          price_amount: '29.00',
          status: 'finished',
          invoice_url: alicePayments.plan.invoiceUrl,
        }),
        expect.objectContaining({
          id: alicePayments.pack.id,
          purpose: 'credits',
          package_id: 'creator',
          credits: 200,
          price_amount: '14.99',
          status: 'waiting',
        }),
      ]),
    );

    const imageFiles = [...data.generations, ...data.favorites].map((row) => row.image_file);
    expect(imageFiles).toHaveLength(3);
    for (const file of imageFiles) {
      expect(file).toMatch(/^images\/(generations|favorites)\/[0-9a-f-]+\.png$/);
      expect(files.get(file!)?.equals(TINY_PNG)).toBe(true);
    }
    expect([...files.keys()].sort()).toEqual([EXPORT_DATA_FILE, ...imageFiles].sort());

    const text = files.get(EXPORT_DATA_FILE)!.toString('utf8');
    expect(text).not.toContain(bob.userId);
    expect(text).not.toContain('bob@example.com');
    for (const row of bobGenerations) expect(text).not.toContain(row.id);
    expect(text).not.toContain(alice.cookie.split('=')[1]!.split('.')[0]);
  });

  it('holds the person’s characters and wildcard lists, not another’s', async () => {
    const keep = async (token: string, url: string, payload: object) => {
      const saved = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/${url}`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      expect(saved.statusCode).toBe(200);
    };
    await keep(alice.token, 'characters', { name: 'mira', description: 'a red-haired sailor' });
    await keep(alice.token, 'wildcards', { name: 'place', values: ['a harbour', 'a lighthouse'] });
    await keep(bob.token, 'characters', { name: 'bobs_own', description: 'a tall gardener' });
    await keep(bob.token, 'wildcards', { name: 'bobs_list', values: ['a greenhouse'] });

    const files = await readZip((await exportAs(alice.token)).rawPayload);
    const data = exportDataSchema.parse(JSON.parse(files.get(EXPORT_DATA_FILE)!.toString('utf8')));
    expect(data.characters).toEqual([
      expect.objectContaining({ name: 'mira', description: 'a red-haired sailor' }),
    ]);
    expect(data.wildcard_lists).toEqual([
      expect.objectContaining({ name: 'place', values: ['a harbour', 'a lighthouse'] }),
    ]);
  });

  it('names each row its own image, and null for an image that is gone', async () => {
    // Someone of their own: the mail test below counts Bob's mails.
    const carol = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'carol@example.com');
    await seedAccountData(ctx, carol);
    const [gone] = await ctx.database.db
      .select({ id: generations.id, key: generations.resultPath })
      .from(generations)
      .where(and(eq(generations.userId, carol.userId), isNotNull(generations.resultPath)))
      .limit(1);
    await ctx.app.images.remove(gone!.key!);
    const files = await readZip((await exportAs(carol.token)).rawPayload);
    const data = exportDataSchema.parse(JSON.parse(files.get(EXPORT_DATA_FILE)!.toString('utf8')));
    expect(data.generations.find((row) => row.id === gone!.id)?.image_file).toBeNull();
    const named = [
      ...data.generations.map((row) => ({ row, dir: 'generations' })),
      ...data.favorites.map((row) => ({ row, dir: 'favorites' })),
    ].filter(({ row }) => row.image_file !== null);
    expect(named.length).toBeGreaterThan(0);
    for (const { row, dir } of named) {
      expect(row.image_file).toBe(`images/${dir}/${String(row.id)}.png`);
      expect(files.has(row.image_file!)).toBe(true);
    }
    expect(files.size).toBe(named.length + 1);
  });

  it('mails that the export is ready once it has streamed, unless the person turned it off', async () => {
    const subject = 'Subject: Your Nocturne data export is ready';
    const before = (await readOutbox(ctx.env.DATA_DIR, 'alice@example.com')).length;
    expect((await exportAs(alice.token)).statusCode).toBe(200);
    await expect
      .poll(async () => (await readOutbox(ctx.env.DATA_DIR, 'alice@example.com')).length)
      .toBe(before + 1);
    const mail = (await readOutbox(ctx.env.DATA_DIR, 'alice@example.com')).at(-1)!;
    expect(mail).toContain(subject);
    expect(mail).toContain(exportFileName(new Date()));
    expect(mail).toContain(`${TEST_PUBLIC_URL}/profile`);

    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/user/preferences',
      headers: { authorization: `Bearer ${bob.token}` },
      payload: { emailNotices: { exportReady: false } },
    });
    expect(off.statusCode).toBe(200);
    expect((await exportAs(bob.token)).statusCode).toBe(200);
    // Alice's export above mailed within this wait; Bob's gets as long and must stay silent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const bobMails = await readOutbox(ctx.env.DATA_DIR, 'bob@example.com');
    expect(bobMails.filter((raw) => raw.includes(subject))).toEqual([]);
  });
});
