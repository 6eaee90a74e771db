import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { createPresetResponseSchema } from '@nocturne/contract/presets/create-preset';
import { findPresetsResponseSchema } from '@nocturne/contract/presets/find-presets';
import { PRESETS_PER_PERSON_MAX } from '@nocturne/contract/presets/preset';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presets } from './presets-tables';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { readZip } from '../../../test/read-zip';

type Person = { token: string; userId: string };

const OPTIONS = {
  style: 'anime',
  aspect_ratio: '16:9',
  quality: 'best',
  negative_prompt: 'blurry',
  image_count: 3,
};

describe('/api/v1/presets', () => {
  let ctx: TestApp;
  let alice: Person;
  let bob: Person;
  let carol: Person;

  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
    carol = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'carol@example.com');
  });
  afterAll(async () => {
    await ctx.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who: Person,
    body?: object,
  ) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${who.token}` },
      payload: body,
    });
  const create = async (who: Person, name: string, options: object = OPTIONS) => {
    const response = await call('POST', '/presets', who, { name, options });
    return { response, preset: response.statusCode === 200 ? response.json().preset : undefined };
  };
  const listOf = async (who: Person) =>
    findPresetsResponseSchema.parse((await call('GET', '/presets', who)).json()).presets;

  it('creates, lists, renames, changes and deletes a preset', async () => {
    const { response, preset } = await create(alice, '  Anime wide  ');
    expect(response.statusCode).toBe(200);
    expect(createPresetResponseSchema.parse(response.json()).preset).toMatchObject({
      name: 'Anime wide',
      options: OPTIONS,
    });
    expect(await listOf(alice)).toEqual([preset]);

    const renamed = await call('PUT', `/presets/${preset.id}`, alice, { name: 'Wide anime' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().preset).toMatchObject({ name: 'Wide anime', options: OPTIONS });
    const changed = await call('PUT', `/presets/${preset.id}`, alice, {
      options: { ...OPTIONS, model: 'preview', image_count: 1 },
    });
    expect(changed.json().preset.options).toMatchObject({ model: 'preview', image_count: 1 });
    expect(changed.json().preset.name).toBe('Wide anime');
    expect(Date.parse(changed.json().preset.updated_at)).toBeGreaterThanOrEqual(
      Date.parse(preset.updated_at),
    );

    expect((await call('DELETE', `/presets/${preset.id}`, alice)).json()).toEqual({
      deleted: true,
    });
    expect(await listOf(alice)).toEqual([]);
    expect((await call('DELETE', `/presets/${preset.id}`, alice)).statusCode).toBe(404);
  });

  it('fills absent options with the generate request defaults', async () => {
    const { preset } = await create(alice, 'Defaults', {});
    expect(preset.options).toEqual({
      negative_prompt: '',
      aspect_ratio: '1:1',
      image_count: 1,
      quality: 'balanced',
      style: null,
    });
    await call('DELETE', `/presets/${preset.id}`, alice);
  });

  it('keeps the LoRAs chosen with its model, and refuses more than 3', async () => {
    const loras = [
      { id: 'ink', weight: 0.6 },
      { id: 'gilded', weight: -1 },
    ];
    const { preset } = await create(alice, 'Inked', { ...OPTIONS, model: 'preview', loras });
    expect(preset.options).toMatchObject({ model: 'preview', loras });
    const [listed] = (await listOf(alice)).filter((entry) => entry.id === preset.id);
    expect(listed?.options.loras).toEqual(loras);
    const four = ['a', 'b', 'c', 'd'].map((id) => ({ id, weight: 1 }));
    const { response } = await create(alice, 'Too many', { ...OPTIONS, loras: four });
    expect(response.statusCode).toBe(422);
    await call('DELETE', `/presets/${preset.id}`, alice);
  });

  it('answers another person’s preset as not found, and leaves it alone', async () => {
    const { preset } = await create(bob, 'Bob’s');
    for (const [method, body] of [
      ['PUT', { name: 'Taken over' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, `/presets/${preset.id}`, alice, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
    expect(await listOf(alice)).toEqual([]);
    expect((await listOf(bob)).map((item) => item.name)).toEqual(['Bob’s']);
  });

  it('refuses a duplicate name with 409, for creates and renames alike', async () => {
    await create(carol, 'Portrait');
    const { preset } = await create(carol, 'Landscape');
    const duplicate = (await create(carol, 'Portrait')).response;
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      error: 'PRESET_NAME_TAKEN',
      message: PRODUCT_ERRORS.PRESET_NAME_TAKEN.message,
    });
    const rename = await call('PUT', `/presets/${preset.id}`, carol, { name: 'Portrait' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error).toBe('PRESET_NAME_TAKEN');
    // Names are per person: Bob may use Carol's.
    expect((await create(bob, 'Portrait')).response.statusCode).toBe(200);
  });

  it.each([
    ['an empty name', { name: '   ', options: OPTIONS }, 'name'],
    ['a long name', { name: 'x'.repeat(61), options: OPTIONS }, 'name'],
    ['a bad ratio', { name: 'Bad', options: { ...OPTIONS, aspect_ratio: '5:1' } }, 'aspect_ratio'],
    ['too many images', { name: 'Bad', options: { ...OPTIONS, image_count: 9 } }, 'image_count'],
    ['no options', { name: 'Bad' }, 'options'],
  ])('refuses %s with 422 naming the field', async (_case, body, field) => {
    const response = await call('POST', '/presets', alice, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('VALIDATION_ERROR');
    expect(response.json().message).toContain(field);
  });

  it('refuses an empty change and a malformed id with 422', async () => {
    const { preset } = await create(alice, 'Unchanged');
    expect((await call('PUT', `/presets/${preset.id}`, alice, {})).statusCode).toBe(422);
    expect((await call('DELETE', '/presets/not-an-id', alice)).statusCode).toBe(422);
    await call('DELETE', `/presets/${preset.id}`, alice);
  });

  it(`keeps at most ${PRESETS_PER_PERSON_MAX} presets, even under concurrent creates`, async () => {
    const person = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'dave@example.com');
    const names = Array.from({ length: PRESETS_PER_PERSON_MAX + 5 }, (_, index) => `P${index}`);
    const answers = await Promise.all(names.map((name) => create(person, name)));
    const statuses = answers.map(({ response }) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PRESETS_PER_PERSON_MAX);
    const refused = answers.filter(({ response }) => response.statusCode === 409);
    expect(refused).toHaveLength(5);
    for (const { response } of refused) {
      expect(response.json()).toEqual({
        error: 'PRESET_LIMIT_REACHED',
        message: `You can keep up to ${PRESETS_PER_PERSON_MAX} presets. Delete one to save a new one.`,
      });
    }
    expect(await listOf(person)).toHaveLength(PRESETS_PER_PERSON_MAX);
  });

  it('documents the preset routes in the OpenAPI document', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/presets', '/api/v1/presets/{id}']),
    );
  });

  it('exports the person’s presets and deletes them with the account', async () => {
    const person = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'erin@example.com');
    await create(person, 'Mine');
    const exported = await call('GET', '/user/export', person);
    expect(exported.statusCode).toBe(200);
    const files = await readZip(exported.rawPayload);
    const data = JSON.parse(files.get('data.json')!.toString('utf8'));
    expect(data.presets).toEqual([
      expect.objectContaining({ user_id: person.userId, name: 'Mine', options: OPTIONS }),
    ]);

    expect((await call('DELETE', '/user/account', person)).statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(presets)
      .where(eq(presets.userId, person.userId));
    expect(rows).toEqual([]);
  });
});
