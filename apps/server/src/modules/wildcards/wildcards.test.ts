import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import {
  findWildcardsResponseSchema,
  wildcardResponseSchema,
} from '@nocturne/contract/wildcards/person-wildcards';
import { sharedWildcardsResponseSchema } from '@nocturne/contract/wildcards/shared-wildcards';
import { WILDCARDS_PER_PERSON_MAX } from '@nocturne/contract/wildcards/wildcard';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wildcardLists } from './wildcards-tables';
import { adminAudit } from '../admin-audit/admin-audit-tables';
import { createVerifiedUser } from '../../../test/auth-flow';
import {
  apiCall,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../test/admin-fixture';

type Person = { token: string; userId: string };

describe('/api/v1/wildcards and the console’s shared lists', () => {
  let admin: AdminTestContext;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    admin = await createAdminTestContext();
    alice = admin.person;
    bob = await createVerifiedUser(admin.ctx.app, admin.ctx.env.DATA_DIR, 'bob@example.com');
  }, 60_000);
  afterAll(async () => {
    await admin.ctx.close();
  });

  const call = (
    who: Person,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: object,
  ) => apiCall(admin.ctx, who.token, method, url, body);
  const listsOf = async (who: Person) =>
    findWildcardsResponseSchema.parse((await call(who, 'GET', '/wildcards')).json());
  const lastAudit = async () =>
    (
      await admin.ctx.database.db.select().from(adminAudit).orderBy(desc(adminAudit.id)).limit(1)
    )[0];

  it('creates, lists, renames, replaces and deletes a list, its lines trimmed and each once', async () => {
    const created = await call(alice, 'POST', '/wildcards', {
      name: 'hair_color',
      values: [' red ', 'black', 'red', 'silver'],
    });
    expect(created.statusCode).toBe(200);
    expect(wildcardResponseSchema.parse(created.json()).wildcard).toMatchObject({
      name: 'hair_color',
      values: ['red', 'black', 'silver'],
    });
    expect((await listsOf(alice)).wildcards.map((list) => list.name)).toEqual(['hair_color']);

    const renamed = await call(alice, 'PUT', '/wildcards/hair_color', { name: 'hair' });
    expect(renamed.json().wildcard).toMatchObject({
      name: 'hair',
      values: ['red', 'black', 'silver'],
    });
    const replaced = await call(alice, 'PUT', '/wildcards/hair', { values: ['blue'] });
    expect(replaced.json().wildcard).toMatchObject({ name: 'hair', values: ['blue'] });

    expect((await call(alice, 'DELETE', '/wildcards/hair')).json()).toEqual({ deleted: true });
    expect((await listsOf(alice)).wildcards).toEqual([]);
    expect((await call(alice, 'DELETE', '/wildcards/hair')).statusCode).toBe(404);
  });

  it('answers another person’s list as not found, and leaves it alone', async () => {
    await call(bob, 'POST', '/wildcards', { name: 'bobs', values: ['a'] });
    for (const [method, body] of [
      ['PUT', { values: ['taken'] }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(alice, method, '/wildcards/bobs', body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
    expect((await listsOf(alice)).wildcards).toEqual([]);
    expect((await listsOf(bob)).wildcards.map((list) => list.values)).toEqual([['a']]);
  });

  it('refuses a duplicate name with 409 WILDCARD_NAME_TAKEN, for creates and renames', async () => {
    await call(bob, 'POST', '/wildcards', { name: 'mood', values: ['calm'] });
    await call(bob, 'POST', '/wildcards', { name: 'place', values: ['a beach'] });
    const duplicate = await call(bob, 'POST', '/wildcards', { name: 'mood', values: ['x'] });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      error: 'WILDCARD_NAME_TAKEN',
      message: PRODUCT_ERRORS.WILDCARD_NAME_TAKEN.message,
    });
    const rename = await call(bob, 'PUT', '/wildcards/place', { name: 'mood' });
    expect(rename.statusCode).toBe(409);
  });

  it.each([
    [{ name: 'x', values: ['a'] }, 'A name is 2 to 32 letters or digits'],
    [{ name: '_lead', values: ['a'] }, 'A name is 2 to 32 letters or digits'],
    [{ name: 'two__parts', values: ['a'] }, 'A name is 2 to 32 letters or digits'],
    [{ name: 'empty', values: [] }, 'A list needs at least one line.'],
    [{ name: 'blank', values: ['a', '  '] }, 'A line cannot be empty.'],
    [{ name: 'long', values: ['x'.repeat(201)] }, 'Each line is at most 200 characters.'],
    [
      { name: 'many', values: Array.from({ length: 501 }, (_, index) => `v${index}`) },
      'A list holds at most 500 lines.',
    ],
  ])('refuses %j with 422 VALIDATION_ERROR', async (body, message) => {
    const response = await call(alice, 'POST', '/wildcards', body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(response.json().message).toContain(message);
  });

  it(`keeps at most ${WILDCARDS_PER_PERSON_MAX} lists a person, of up to 500 lines`, async () => {
    const carol = await createVerifiedUser(
      admin.ctx.app,
      admin.ctx.env.DATA_DIR,
      'carol@example.com',
    );
    const full = await call(carol, 'POST', '/wildcards', {
      name: 'full',
      values: Array.from({ length: 500 }, (_, index) => `v${index}`),
    });
    expect(full.statusCode).toBe(200);
    await admin.ctx.database.db.insert(wildcardLists).values(
      Array.from({ length: WILDCARDS_PER_PERSON_MAX - 1 }, (_, index) => ({
        userId: carol.userId,
        name: `list${index}`,
        values: ['a'],
      })),
    );
    const over = await call(carol, 'POST', '/wildcards', { name: 'one_more', values: ['a'] });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: 'WILDCARD_LIMIT_REACHED',
      message: PRODUCT_ERRORS.WILDCARD_LIMIT_REACHED.message,
    });
  });

  it('lets operators set, list and remove shared lists, each change audited', async () => {
    const operator = admin.operator;
    const set = await call(operator, 'PUT', '/admin/wildcards/season', {
      values: ['spring', 'autumn'],
    });
    expect(set.statusCode).toBe(200);
    expect(await lastAudit()).toMatchObject({
      action: 'shared_wildcard_set',
      operatorId: operator.userId,
      before: null,
      after: { name: 'season', values: ['spring', 'autumn'] },
    });
    await call(operator, 'PUT', '/admin/wildcards/season', { values: ['winter'] });
    expect(await lastAudit()).toMatchObject({
      before: { name: 'season', values: ['spring', 'autumn'] },
      after: { name: 'season', values: ['winter'] },
    });
    const listed = sharedWildcardsResponseSchema.parse(
      (await call(operator, 'GET', '/admin/wildcards')).json(),
    );
    expect(listed.wildcards.map((list) => [list.name, list.values])).toEqual([
      ['season', ['winter']],
    ]);
    // Every person sees the shared lists beside their own.
    expect((await listsOf(bob)).shared.map((list) => list.name)).toEqual(['season']);

    expect((await call(operator, 'DELETE', '/admin/wildcards/season')).json()).toEqual({
      deleted: true,
    });
    expect(await lastAudit()).toMatchObject({
      action: 'shared_wildcard_remove',
      before: { name: 'season', values: ['winter'] },
      after: null,
    });
    expect((await call(operator, 'DELETE', '/admin/wildcards/season')).statusCode).toBe(404);
  });

  it.each([
    ['GET', '/admin/wildcards'],
    ['PUT', '/admin/wildcards/season'],
    ['DELETE', '/admin/wildcards/season'],
  ] as const)('answers 403 OPERATOR_ONLY to anyone else: %s %s', async (method, url) => {
    const before = await lastAudit();
    const response = await call(
      alice,
      method,
      url,
      method === 'PUT' ? { values: ['x'] } : undefined,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'OPERATOR_ONLY' });
    expect(await lastAudit()).toEqual(before);
  });

  it('keeps a person’s own list apart from the shared one of the same name', async () => {
    await call(admin.operator, 'PUT', '/admin/wildcards/mood', { values: ['shared'] });
    const own = await admin.ctx.database.db
      .select()
      .from(wildcardLists)
      .where(eq(wildcardLists.userId, bob.userId));
    expect(own.find((list) => list.name === 'mood')?.values).toEqual(['calm']);
    const lists = await listsOf(bob);
    expect(lists.wildcards.find((list) => list.name === 'mood')?.values).toEqual(['calm']);
    expect(lists.shared.find((list) => list.name === 'mood')?.values).toEqual(['shared']);
  });
});
