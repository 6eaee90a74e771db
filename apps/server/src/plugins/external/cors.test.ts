import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';

const PARTNER = 'https://partner.example.com';

describe('CORS', () => {
  describe('with CORS_ORIGINS', () => {
    let ctx: TestApp;
    beforeAll(async () => {
      ctx = await createTestApp({
        env: { CORS_ORIGINS: `${PARTNER}, https://other.example.com/` },
      });
    });
    afterAll(() => ctx.close());

    it('answers a listed origin with its own origin and credentials', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/health',
        headers: { origin: PARTNER },
      });
      expect(response.headers['access-control-allow-origin']).toBe(PARTNER);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
    });

    it('answers a preflight from a listed origin, with the methods the API uses', async () => {
      const response = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/profile',
        headers: {
          origin: 'https://other.example.com',
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers['access-control-allow-origin']).toBe('https://other.example.com');
      expect(response.headers['access-control-allow-methods']).toContain('PUT');
    });

    it('gives an origin that is not listed no CORS headers', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/health',
        headers: { origin: 'https://evil.example.com' },
      });
      // Without an allow-origin header the browser keeps the answer from the page.
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('without CORS_ORIGINS (same origin only)', () => {
    let ctx: TestApp;
    beforeAll(async () => {
      ctx = await createTestApp();
    });
    afterAll(() => ctx.close());

    it('gives no origin CORS headers, and no preflight succeeds', async () => {
      const simple = await ctx.app.inject({
        method: 'GET',
        url: '/health',
        headers: { origin: PARTNER },
      });
      expect(simple.statusCode).toBe(200);
      expect(simple.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/v1/profile',
        headers: { origin: PARTNER, 'access-control-request-method': 'PUT' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    });
  });
});
