import { CHARACTERS_PER_PERSON_MAX } from '@nocturne/contract/characters/character';
import { characterResponseSchema } from '@nocturne/contract/characters/create-character';
import { findCharactersResponseSchema } from '@nocturne/contract/characters/find-characters';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { contentPolicyErrorSchema } from '@nocturne/contract/generations/content-policy';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { characters } from './characters-tables';
import { promptRefusals } from '../moderation/moderation-tables';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { fakeEngine, giveCredits, TINY_PNG } from '../../../test/generation-worker-harness';

type Person = { token: string; userId: string };

describe('/api/v1/characters', () => {
  let ctx: TestApp;
  let alice: Person;
  let bob: Person;
  let carol: Person;

  beforeAll(async () => {
    ctx = await createTestApp({ imageEngine: fakeEngine(() => TINY_PNG) });
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
  const create = async (who: Person, name: string, description = 'a tall knight in red') => {
    const response = await call('POST', '/characters', who, { name, description });
    const character = response.statusCode === 200 ? response.json().character : undefined;
    return { response, character };
  };
  const listOf = async (who: Person) =>
    findCharactersResponseSchema.parse((await call('GET', '/characters', who)).json()).characters;
  const refusalsOf = (who: Person) =>
    ctx.database.db.select().from(promptRefusals).where(eq(promptRefusals.userId, who.userId));

  it('creates, reads, lists, renames, redescribes and deletes a character', async () => {
    const { response, character } = await create(alice, ' Mira_2 ', '  a woman with silver hair ');
    expect(response.statusCode).toBe(200);
    expect(characterResponseSchema.parse(response.json()).character).toMatchObject({
      name: 'Mira_2',
      description: 'a woman with silver hair',
    });
    expect(await listOf(alice)).toEqual([character]);
    expect((await call('GET', `/characters/${character.id}`, alice)).json()).toEqual({
      character,
    });

    const renamed = await call('PUT', `/characters/${character.id}`, alice, { name: 'Mira' });
    expect(renamed.json().character).toMatchObject({
      name: 'Mira',
      description: 'a woman with silver hair',
    });
    const redescribed = await call('PUT', `/characters/${character.id}`, alice, {
      description: 'a woman with golden hair',
    });
    expect(redescribed.json().character).toMatchObject({
      name: 'Mira',
      description: 'a woman with golden hair',
    });

    expect((await call('DELETE', `/characters/${character.id}`, alice)).json()).toEqual({
      deleted: true,
    });
    expect(await listOf(alice)).toEqual([]);
    expect((await call('DELETE', `/characters/${character.id}`, alice)).statusCode).toBe(404);
  });

  it('answers another person’s character as not found, and leaves it alone', async () => {
    const { character } = await create(bob, 'Bobs_knight');
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Taken' }],
      ['PUT', { description: 'a nude toddler' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(method, `/characters/${character.id}`, alice, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
    expect(await listOf(alice)).toEqual([]);
    expect((await listOf(bob)).map((item) => item.name)).toEqual(['Bobs_knight']);
    // The 404 comes before the screening, so nothing was recorded against alice.
    expect(await refusalsOf(alice)).toEqual([]);
  });

  it('refuses a duplicate name with 409 CHARACTER_NAME_TAKEN, for creates and renames', async () => {
    await create(carol, 'hero');
    const { character } = await create(carol, 'villain');
    const duplicate = (await create(carol, 'hero')).response;
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({
      error: 'CHARACTER_NAME_TAKEN',
      message: PRODUCT_ERRORS.CHARACTER_NAME_TAKEN.message,
    });
    const rename = await call('PUT', `/characters/${character.id}`, carol, { name: 'hero' });
    expect(rename.statusCode).toBe(409);
    // Names are matched as written: another case is another name.
    expect((await create(carol, 'Hero')).response.statusCode).toBe(200);
  });

  it.each([
    [{ name: 'x', description: 'a knight' }, 'A name is 2 to 32 letters, digits or _'],
    [{ name: 'x'.repeat(33), description: 'a knight' }, 'A name is 2 to 32'],
    [{ name: 'sir knight', description: 'a knight' }, 'A name is 2 to 32'],
    [{ name: 'knight', description: '   ' }, 'A description is required.'],
    [{ name: 'knight', description: 'x'.repeat(501) }, 'A description is at most 500'],
  ])('refuses %j with 422 VALIDATION_ERROR', async (body, message) => {
    const response = await call('POST', '/characters', alice, body);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ error: 'VALIDATION_ERROR' });
    expect(response.json().message).toContain(message);
  });

  it('refuses a description the content rules refuse: not saved, recorded, counted', async () => {
    const dave = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'dave@example.com');
    const refused = await create(dave, 'kid', 'a nude toddler');
    expect(refused.response.statusCode).toBe(422);
    expect(contentPolicyErrorSchema.parse(refused.response.json()).error).toBe(
      'CONTENT_POLICY_VIOLATION',
    );
    expect(await listOf(dave)).toEqual([]);
    expect((await refusalsOf(dave)).map((row) => row.contentPrompt)).toEqual(['a nude toddler']);

    // A saved character's new description is screened the same way, and the old one stays.
    const { character } = await create(dave, 'kid', 'a toddler');
    const changed = await call('PUT', `/characters/${character.id}`, dave, {
      description: 'a nude toddler',
    });
    expect(changed.statusCode).toBe(422);
    expect((await listOf(dave))[0]?.description).toBe('a toddler');

    // Refused descriptions count towards the suspension like refused prompts.
    for (let index = 0; index < 4; index += 1) await create(dave, `kid${index}`, 'a nude toddler');
    await giveCredits(ctx.database.db, dave.userId, 5);
    const generate = await call('POST', '/generate', dave, { content_prompt: 'a moonlit owl' });
    expect(generate.statusCode).toBe(403);
    expect(generate.json()).toMatchObject({ error: 'GENERATION_SUSPENDED' });
  });

  it(`keeps at most ${CHARACTERS_PER_PERSON_MAX} characters a person`, async () => {
    const erin = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'erin@example.com');
    await ctx.database.db.insert(characters).values(
      Array.from({ length: CHARACTERS_PER_PERSON_MAX }, (_, index) => ({
        userId: erin.userId,
        name: `c${index}`,
        description: 'a knight',
      })),
    );
    const over = (await create(erin, 'one_more')).response;
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      error: 'CHARACTER_LIMIT_REACHED',
      message: PRODUCT_ERRORS.CHARACTER_LIMIT_REACHED.message,
    });
  });

  it('asks for a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/characters' });
    expect(response.statusCode).toBe(401);
  });
});
