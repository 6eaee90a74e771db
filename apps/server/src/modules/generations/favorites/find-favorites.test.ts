import {
  findFavoritesResponseSchema,
  type FindFavoritesResponse,
} from '@nocturne/contract/favorites/find-favorites';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites } from '../generations-tables';
import { createVerifiedUser } from '../../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../../test/create-test-app';

const T = new Date('2026-01-01T00:00:00.000Z');
const minutes = (n: number) => new Date(T.getTime() + n * 60_000);

/** Older than every filler, so time filters can tell them apart. */
const SPECIAL = [
  { key: 'owlSource', sourcePrompt: 'Owl portrait', contentPrompt: 'forest at dusk' },
  { key: 'owlContent', sourcePrompt: '', contentPrompt: 'An OWL at night' },
  { key: 'percent', sourcePrompt: '', contentPrompt: '100% cotton' },
  { key: 'underscore', sourcePrompt: '', contentPrompt: 'snake_case name' },
  { key: 'backslash', sourcePrompt: '', contentPrompt: 'back\\slash path' },
] as const;
const FILLERS = 40;

describe('GET /api/v1/favorites', () => {
  let ctx: TestApp;
  let alice: { token: string; userId: string };
  let bob: { token: string; userId: string };
  const idOf: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
    const image = (n: number) => `ab/${String(n).padStart(64, '0')}.png`;
    const rows = [
      // Two fillers per minute: equal timestamps exercise the id tie-break.
      ...Array.from({ length: FILLERS }, (_, i) => ({
        key: `filler${i}`,
        userId: alice.userId,
        sourcePrompt: '',
        contentPrompt: `filler ${String(i).padStart(2, '0')}`,
        createdAt: minutes(Math.floor(i / 2)),
      })),
      ...SPECIAL.map((row, i) => ({
        ...row,
        userId: alice.userId,
        createdAt: minutes(-60 * (i + 1)),
      })),
      {
        key: 'bobOwl',
        userId: bob.userId,
        sourcePrompt: 'owl',
        contentPrompt: 'an owl too',
        createdAt: T,
      },
      {
        key: 'bobPercent',
        userId: bob.userId,
        sourcePrompt: '',
        contentPrompt: '50% off',
        createdAt: T,
      },
    ];
    const inserted = await ctx.database.db
      .insert(favorites)
      .values(rows.map(({ key: _key, ...row }, n) => ({ ...row, imagePath: image(n) })))
      .returning({ id: favorites.id });
    rows.forEach((row, n) => (idOf[row.key] = inserted[n]!.id));
  });
  afterAll(() => ctx.close());

  const get = (query: string, token = alice.token) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/favorites?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const list = async (query: string, token = alice.token): Promise<FindFavoritesResponse> => {
    const response = await get(query, token);
    expect(response.statusCode, response.body).toBe(200);
    return findFavoritesResponseSchema.parse(response.json());
  };
  const ids = (body: FindFavoritesResponse) => body.favorites.map((favorite) => favorite.id);
  const keysOf = (body: FindFavoritesResponse) =>
    ids(body).map((id) => Object.keys(idOf).find((key) => idOf[key] === id));

  it('pages by 20 (a full page means more), with the filtered total on every page', async () => {
    const all = await list('limit=100');
    expect(all.total).toBe(FILLERS + SPECIAL.length);
    const pages = [await list(''), await list('offset=20'), await list('offset=40')];
    expect(pages.map((page) => page.favorites.length)).toEqual([20, 20, 5]);
    expect(pages.map((page) => page.total)).toEqual([45, 45, 45]);
    expect(pages.flatMap(ids)).toEqual(ids(all));
    expect(new Set(ids(all)).size).toBe(45);
    expect(await list('limit=1')).toMatchObject({ total: 45, favorites: [{ id: ids(all)[0] }] });
  });

  it('orders by created_at in both directions, ties broken by id', async () => {
    const byDate = (a: { at: number; id: string }, b: { at: number; id: string }) =>
      a.at - b.at || (a.id < b.id ? -1 : 1);
    const desc = await list('limit=100&orderBy=created_at&orderDirection=desc');
    const expected = desc.favorites
      .map((favorite) => ({ at: Date.parse(favorite.created_at), id: favorite.id }))
      .sort(byDate)
      .map((item) => item.id);
    expect(ids(desc)).toEqual([...expected].reverse());
    const asc = await list('limit=100&orderBy=created_at&orderDirection=asc');
    expect(ids(asc)).toEqual(expected);
    expect(keysOf(asc).slice(0, 5)).toEqual(SPECIAL.map((row) => row.key).reverse());
  });

  it('orders by content_prompt in both directions', async () => {
    const fillers = Array.from({ length: FILLERS }, (_, i) => idOf[`filler${i}`]);
    const asc = await list('limit=100&q=filler&orderBy=content_prompt&orderDirection=asc');
    expect(ids(asc)).toEqual(fillers);
    const desc = await list('limit=100&q=filler&orderBy=content_prompt&orderDirection=desc');
    expect(ids(desc)).toEqual([...fillers].reverse());
  });

  it('searches either prompt case-insensitively, only among the caller’s favorites', async () => {
    const owls = await list('q=oWl&orderDirection=asc');
    expect(keysOf(owls)).toEqual(['owlContent', 'owlSource']);
    expect(owls.total).toBe(2);
    expect(keysOf(await list('q=%20owl%20', bob.token))).toEqual(['bobOwl']);
    expect(await list('q=no%20such%20prompt')).toEqual({ favorites: [], total: 0 });
  });

  it.each([
    ['%', 'percent'],
    ['_', 'underscore'],
    ['e_c', 'underscore'],
    ['\\', 'backslash'],
  ])('treats %s literally', async (q, key) => {
    expect(keysOf(await list(`q=${encodeURIComponent(q)}`))).toEqual([key]);
  });

  it('filters by since (inclusive) and until (exclusive)', async () => {
    const at = (n: number) => encodeURIComponent(minutes(n).toISOString());
    expect((await list(`since=${at(0)}`)).total).toBe(FILLERS);
    expect(keysOf(await list(`until=${at(0)}&orderDirection=asc`))).toEqual(
      SPECIAL.map((row) => row.key).reverse(),
    );
    const window = await list(`since=${at(5)}&until=${at(10)}&limit=100`);
    expect(window.total).toBe(10);
    expect(new Set(keysOf(window))).toEqual(
      new Set(Array.from({ length: 10 }, (_, i) => `filler${i + 10}`)),
    );
    expect((await list(`q=owl&until=${at(-90)}`)).total).toBe(1);
    expect((await list(`since=${encodeURIComponent('2026-01-01T01:00:00+01:00')}`)).total).toBe(
      FILLERS,
    );
  });

  it('never shows another user’s favorites', async () => {
    const bobs = await list('limit=100', bob.token);
    expect(new Set(keysOf(bobs))).toEqual(new Set(['bobOwl', 'bobPercent']));
    const alices = await list('limit=100');
    expect(ids(alices)).not.toContain(idOf.bobOwl);
    expect(ids(alices)).not.toContain(idOf.bobPercent);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['offset=-1', 'offset'],
    ['orderBy=id', 'orderBy'],
    ['since=yesterday', 'since'],
    ['until=2026-13-01T00:00:00Z', 'until'],
  ])('refuses %s with 422 VALIDATION_ERROR naming %s', async (query, field) => {
    const response = await get(query);
    expect(response.statusCode).toBe(422);
    const body = response.json<{ error: string; message: string }>();
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.message).toContain(field);
  });

  it('answers 401 without a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/favorites' });
    expect(response.statusCode).toBe(401);
  });
});
