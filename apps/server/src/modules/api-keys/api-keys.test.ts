import { API_KEYS_PER_PERSON_MAX } from '@nocturne/contract/api-keys/api-key';
import { createApiKeyResponseSchema } from '@nocturne/contract/api-keys/create-api-key';
import { findApiKeysResponseSchema } from '@nocturne/contract/api-keys/find-api-keys';
import {
  EXPORT_DATA_FILE,
  exportDataSchema,
} from '@nocturne/contract/account-data/export-user-data';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, auditRowsAbout, createAdminTestContext } from '../../../test/admin-fixture';
import { createVerifiedUser } from '../../../test/auth-flow';
import type { TestApp } from '../../../test/create-test-app';
import { giveCredits } from '../../../test/generation-worker-harness';
import { readCreditLedger } from '../../../test/read-credit-ledger';
import { readZip } from '../../../test/read-zip';
import { touchApiKey } from './api-keys-repository';
import { apiKeys } from './api-keys-tables';

type Person = { token: string; userId: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const SCOPE_REFUSED = { error: 'API_KEY_SCOPE', message: PRODUCT_ERRORS.API_KEY_SCOPE.message };
const KEY_INVALID = { error: 'API_KEY_INVALID', message: PRODUCT_ERRORS.API_KEY_INVALID.message };

describe('/api/v1/api-keys and requests made with a key', () => {
  let ctx: TestApp;
  let operator: Person;
  let alice: Person;

  beforeAll(async () => {
    const admin = await createAdminTestContext({
      env: { SIGN_UP_MAX_PER_IP_PER_MINUTE: '1000', SIGN_IN_MAX_PER_IP_PER_15_MIN: '1000' },
    });
    ({ ctx, operator } = admin);
    alice = admin.person;
  });
  afterAll(() => ctx.close());

  const call = (token: string, method: Method, url: string, body?: object) =>
    apiCall(ctx, token, method, url, body);
  const newPerson = (email: string) => createVerifiedUser(ctx.app, ctx.env.DATA_DIR, email);
  const createKey = async (who: Person, body: object = { name: 'script' }) => {
    const response = await call(who.token, 'POST', '/api-keys', body);
    expect(response.statusCode).toBe(201);
    return createApiKeyResponseSchema.parse(response.json());
  };
  const listKeys = async (who: Person) =>
    findApiKeysResponseSchema.parse((await call(who.token, 'GET', '/api-keys')).json()).api_keys;
  const rowOf = async (id: string) =>
    (await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0];

  it('creates a key shown once, lists it without the key, and revokes it', async () => {
    const created = await createKey(alice, { name: ' my bot ' });
    expect(created.key).toMatch(/^nct_[A-Za-z0-9_-]{43,}$/);
    const listed = await listKeys(alice);
    expect(listed).toEqual([
      {
        id: created.id,
        name: 'my bot',
        scopes: ['generations'],
        prefix: created.key.slice(0, 8),
        created_at: expect.any(String),
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key.slice(8));

    const revoked = await call(alice.token, 'DELETE', `/api-keys/${created.id}`);
    expect(revoked.json()).toEqual({ revoked: true });
    expect(await listKeys(alice)).toEqual([]);
    expect((await call(created.key, 'GET', '/credits')).json()).toEqual(KEY_INVALID);
    expect((await call(alice.token, 'DELETE', `/api-keys/${created.id}`)).statusCode).toBe(404);
  });

  it('stores only the SHA-256 of the key and its visible prefix', async () => {
    const created = await createKey(alice);
    const row = await rowOf(created.id);
    expect(row?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(row?.prefix).toBe(created.key.slice(0, 8));
    expect(JSON.stringify(row)).not.toContain(created.key);
  });

  it('answers another person’s key as not found, and leaves it working', async () => {
    const bob = await newPerson('bob@example.com');
    const bobs = await createKey(bob);
    const response = await call(alice.token, 'DELETE', `/api-keys/${bobs.id}`);
    expect(response.statusCode).toBe(404);
    expect(await listKeys(alice)).not.toContainEqual(expect.objectContaining({ id: bobs.id }));
    expect((await call(bobs.key, 'GET', '/credits')).statusCode).not.toBe(401);
  });

  it.each([
    [{ name: '' }, 'A name is required.'],
    [{ name: 'x'.repeat(65) }, 'A name is at most 64'],
    [{ name: 'bot', scopes: ['account'] }, 'scopes'],
  ])('refuses %j with 422 VALIDATION_ERROR', async (body, message) => {
    const response = await call(alice.token, 'POST', '/api-keys', body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(response.json().message).toContain(message);
  });

  it(`keeps at most ${API_KEYS_PER_PERSON_MAX} keys a person (409 API_KEY_LIMIT_REACHED)`, async () => {
    const erin = await newPerson('erin@example.com');
    for (let index = 0; index < API_KEYS_PER_PERSON_MAX; index += 1) await createKey(erin);
    const over = await call(erin.token, 'POST', '/api-keys', { name: 'one more' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: 'API_KEY_LIMIT_REACHED',
      message: PRODUCT_ERRORS.API_KEY_LIMIT_REACHED.message,
    });
  });

  it('generates with a key, charged like a session, and records when the key was last used', async () => {
    const gina = await newPerson('gina@example.com');
    await giveCredits(ctx.database.db, gina.userId, 5);
    const { id, key } = await createKey(gina);
    const submitted = await call(key, 'POST', '/generate', { content_prompt: 'a moonlit owl' });
    expect(submitted.statusCode).toBe(200);
    const requestId = submitted.json().requestId as string;
    const ledger = await readCreditLedger(ctx.database.db, gina.userId);
    expect(ledger.balance).toBe(4);
    const read = await call(key, 'GET', `/generations/${requestId}`);
    expect(read.statusCode).toBe(200);
    const listed = await call(gina.token, 'GET', '/generations');
    expect(JSON.stringify(listed.json())).toContain(requestId);
    expect((await rowOf(id))?.lastUsedAt).toBeInstanceOf(Date);
    expect((await listKeys(gina))[0]?.last_used_at).not.toBeNull();
  });

  it('writes last_used_at at most once a minute', async () => {
    const hugo = await newPerson('hugo@example.com');
    const { id, key } = await createKey(hugo);
    await call(key, 'GET', '/models');
    const first = (await rowOf(id))?.lastUsedAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await call(key, 'GET', '/models');
    expect((await rowOf(id))?.lastUsedAt).toEqual(first);
    const hourAgo = new Date(Date.now() - 3_600_000);
    await ctx.database.db.update(apiKeys).set({ lastUsedAt: hourAgo }).where(eq(apiKeys.id, id));
    await call(key, 'GET', '/models');
    expect((await rowOf(id))!.lastUsedAt!.getTime()).toBeGreaterThan(hourAgo.getTime());
  });

  it('keeps a use another process recorded within the minute (the write is guarded in SQL too)', async () => {
    const ines = await newPerson('ines@example.com');
    const { id } = await createKey(ines);
    // What a process that read the key before another one wrote its use would do.
    const recorded = new Date(Date.now() - 10_000);
    await ctx.database.db.update(apiKeys).set({ lastUsedAt: recorded }).where(eq(apiKeys.id, id));
    await touchApiKey(ctx.database.db, id, new Date());
    expect((await rowOf(id))?.lastUsedAt).toEqual(recorded);
  });

  it.each([
    ['GET', '/profile'],
    ['PUT', '/profile'],
    ['GET', '/user/preferences'],
    ['GET', '/user/export'],
    ['DELETE', '/user/account'],
    ['POST', '/credits/topup'],
    ['POST', '/subscriptions/create'],
    ['POST', '/credits/request-daily'],
    ['GET', '/presets'],
    ['GET', '/characters'],
    ['GET', '/admin/users'],
    ['GET', '/api-keys'],
    ['POST', '/api-keys'],
    ['GET', '/favorites'],
    ['POST', '/generations/00000000-0000-4000-8000-000000000000/favorite'],
  ] as const)('refuses a generations key on %s %s with 403 API_KEY_SCOPE', async (method, url) => {
    const { id, key } = await createKey(alice, { name: 'refused' });
    const response = await call(key, method, url, method === 'GET' ? undefined : {});
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(SCOPE_REFUSED);
    await call(alice.token, 'DELETE', `/api-keys/${id}`);
  });

  it('refuses an operator’s key on the console, and a key cannot make keys', async () => {
    const { key } = await createKey(operator, { name: 'ops', scopes: ['favorites'] });
    expect((await call(key, 'GET', `/admin/users/${alice.userId}`)).json()).toEqual(SCOPE_REFUSED);
    expect((await call(key, 'POST', '/api-keys', { name: 'child' })).json()).toEqual(SCOPE_REFUSED);
    expect((await call(key, 'DELETE', `/api-keys/${alice.userId}`)).json()).toEqual(SCOPE_REFUSED);
  });

  it('lets a key with the favorites scope use the favorites routes', async () => {
    const jane = await newPerson('jane@example.com');
    const { key } = await createKey(jane, { name: 'gallery', scopes: ['favorites'] });
    expect((await listKeys(jane))[0]?.scopes).toEqual(['generations', 'favorites']);
    expect((await call(key, 'GET', '/favorites')).statusCode).toBe(200);
    const missing = await call(
      key,
      'POST',
      '/generations/00000000-0000-4000-8000-000000000000/favorite',
    );
    expect(missing.statusCode).toBe(404);
    // The scope opens favorites only: the account stays closed.
    expect((await call(key, 'GET', '/profile')).json()).toEqual(SCOPE_REFUSED);
  });

  it('refuses an unknown key with 401 API_KEY_INVALID', async () => {
    const response = await call(`nct_${'A'.repeat(43)}`, 'GET', '/credits');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(KEY_INVALID);
  });

  it('stops a suspended person’s keys at once, and restores them with the person', async () => {
    const kim = await newPerson('kim@example.com');
    const { key } = await createKey(kim);
    expect((await call(key, 'GET', '/credits')).statusCode).not.toBe(401);
    const hold = (suspended: boolean) =>
      call(operator.token, 'PUT', `/admin/users/${kim.userId}/generation`, {
        suspended,
        reason: 'testing keys',
      });
    expect((await hold(true)).statusCode).toBe(200);
    const refused = await call(key, 'GET', '/credits');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(KEY_INVALID);
    expect((await hold(false)).statusCode).toBe(200);
    expect((await call(key, 'GET', '/credits')).statusCode).not.toBe(401);
  });

  it('stops a deleted person’s keys at once', async () => {
    const leo = await newPerson('leo@example.com');
    const { key } = await createKey(leo);
    const deleted = await call(operator.token, 'DELETE', `/admin/users/${leo.userId}`, {
      reason: 'asked to leave',
    });
    expect(deleted.statusCode).toBe(200);
    expect((await call(key, 'GET', '/credits')).json()).toEqual(KEY_INVALID);
  });

  it('audits every key action, and the operator sees and revokes a person’s keys', async () => {
    const mia = await newPerson('mia@example.com');
    const kept = await createKey(mia, { name: 'kept' });
    const own = await createKey(mia, { name: 'own' });
    await call(mia.token, 'DELETE', `/api-keys/${own.id}`);
    const seen = await call(operator.token, 'GET', `/admin/users/${mia.userId}/api-keys`);
    expect(seen.json().api_keys.map((listed: { name: string }) => listed.name)).toEqual(['kept']);
    const url = `/admin/users/${mia.userId}/api-keys/${kept.id}`;
    expect((await call(operator.token, 'DELETE', url, {})).statusCode).toBe(422);
    const revoked = await call(operator.token, 'DELETE', url, { reason: 'leaked on a forum' });
    expect(revoked.json()).toEqual({ revoked: true });
    expect((await call(kept.key, 'GET', '/credits')).json()).toEqual(KEY_INVALID);
    expect((await call(operator.token, 'DELETE', url, { reason: 'again' })).statusCode).toBe(404);

    const rows = await auditRowsAbout(ctx, mia.userId);
    expect(rows.map((row) => [row.action, row.operatorId, row.reason])).toEqual([
      ['api_key_revoke_by_operator', operator.userId, 'leaked on a forum'],
      ['api_key_revoke', mia.userId, null],
      ['api_key_create', mia.userId, null],
      ['api_key_create', mia.userId, null],
    ]);
    expect(JSON.stringify(rows)).not.toContain(kept.key);
  });

  it('carries the keys’ metadata and their audit rows in the export, never a key or hash', async () => {
    const nora = await newPerson('nora@example.com');
    const { key } = await createKey(nora, { name: 'exported', scopes: ['favorites'] });
    const hash = createHash('sha256').update(key).digest('hex');
    const response = await call(nora.token, 'GET', '/user/export');
    expect(response.statusCode).toBe(200);
    const text = (await readZip(response.rawPayload)).get(EXPORT_DATA_FILE)!.toString('utf8');
    const data = exportDataSchema.parse(JSON.parse(text));
    expect(data.api_keys).toEqual([
      expect.objectContaining({
        name: 'exported',
        scopes: ['generations', 'favorites'],
        prefix: key.slice(0, 8),
        last_used_at: null,
      }),
    ]);
    expect(data.admin_actions.map((row) => row.action)).toEqual(['api_key_create']);
    expect(text).not.toContain(key);
    expect(text).not.toContain(hash);
    expect(text).not.toContain('key_hash');
  });
});
