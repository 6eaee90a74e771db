import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { AppError } from '../../lib/app-error';
import { CATALOG_MODEL_SOURCES } from '../../modules/models/model-sources';

/** Probe routes registered on the real app to drive each error path. */
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/echo',
    { schema: { body: z.object({ content_prompt: z.string().min(1), limit: z.number().int() }) } },
    async (request) => request.body,
  );
  app.get('/api/test/cooldown', async () => {
    throw new AppError('COOLDOWN_ACTIVE', {
      extra: { next_eligible_at: '2026-01-02T00:00:00.000Z', error: 'HIJACKED', message: 'no' },
      headers: { 'retry-after': '42' },
      details: { secret: 'internal only' },
    });
  });
  app.get('/api/test/boom', async () => {
    throw new Error('secret connection string postgres://user:pw@db');
  });
};

describe('error handler', () => {
  let ctx: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
    // A second app instance (same database) whose routes include the probes.
    await ctx.app.close();
    const { buildApp } = await import('../../app');
    app = await buildApp({
      env: ctx.env,
      database: ctx.database,
      modelSources: CATALOG_MODEL_SOURCES,
    });
    await app.register(probeRoutes);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('answers unknown /api routes with the NOT_FOUND body', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: 'NOT_FOUND',
      message: ERROR_CATALOGUE.NOT_FOUND.message,
    });
  });

  it('answers malformed JSON with 422 naming the problem', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"content_prompt": ',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'VALIDATION_ERROR',
      message: 'Malformed JSON in request body',
    });
  });

  it('names every field that fails the schema', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { limit: 'x' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ error: string; message: string }>();
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.message).toMatch(/^Invalid input: /);
    expect(body.message).toContain('content_prompt');
    expect(body.message).toContain('limit');
  });

  it('maps an unsupported content type to 422 VALIDATION_ERROR', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('VALIDATION_ERROR');
  });

  it('maps a body over the limit to 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ content_prompt: 'x'.repeat(2 * 1024 * 1024), limit: 1 }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'PAYLOAD_TOO_LARGE',
      message: PRODUCT_ERRORS.PAYLOAD_TOO_LARGE.message,
    });
  });

  it('adds AppError extra fields and headers, never over error and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/cooldown' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('42');
    expect(response.json()).toEqual({
      error: 'COOLDOWN_ACTIVE',
      message: ERROR_CATALOGUE.COOLDOWN_ACTIVE.message,
      next_eligible_at: '2026-01-02T00:00:00.000Z',
    });
    expect(response.body).not.toContain('internal only');
  });

  it('hides internals of unexpected errors behind 500 INTERNAL_ERROR', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'INTERNAL_ERROR',
      message: ERROR_CATALOGUE.INTERNAL_ERROR.message,
    });
    expect(response.body).not.toContain('postgres://');
  });
});

describe('global rate limit (RATE_LIMIT_PER_MINUTE)', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => ctx.close());

  it('answers 429 RATE_LIMIT_EXCEEDED once the limit is spent', async () => {
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt < 4; attempt += 1) {
      last = await ctx.app.inject({ method: 'GET', url: '/api/v1/subscriptions/active' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last?.json()).toEqual({
      error: 'RATE_LIMIT_EXCEEDED',
      message: ERROR_CATALOGUE.RATE_LIMIT_EXCEEDED.message,
    });
  });
});
