import { getHealthResponseSchema } from '@nocturne/contract/health/get-health';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

describe('GET /health', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers 200 ok after a real database query', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(getHealthResponseSchema.parse(response.json())).toEqual({ status: 'ok' });
  });

  it('answers 503 unavailable once the database is gone', async () => {
    await ctx.database.close();
    const response = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
  });
});
