import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { openTestDatabase } from '../../../test/open-test-database';
import type { Database } from '../../db/database';

const DOCUMENT_ONLY = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('security headers', () => {
  let database: Database;
  let http: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    http = await createTestApp({ database });
    https = await createTestApp({ database, env: { PUBLIC_URL: 'https://nocturne.example' } });
  });
  afterAll(async () => {
    await http?.close();
    await https?.close();
    await database?.close();
  });

  it('gives pages the whole document set, with the SPA policy', async () => {
    const response = await http.app.inject({ method: 'GET', url: '/dashboard' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain('connect-src');
    expect(policy).toContain("frame-ancestors 'none'");
    for (const name of DOCUMENT_ONLY) expect(response.headers[name], name).toBeDefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('gives JSON answers under /api/v1/ the short set: nothing loads, frames or sniffs them', async () => {
    for (const url of ['/api/v1/credits', '/api/v1/no-such-route']) {
      const response = await http.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of DOCUMENT_ONLY) expect(response.headers[name], name).toBeUndefined();
    }
  });

  it('keeps the document set where better-auth and Swagger UI may answer with a page', async () => {
    for (const url of ['/api/auth/get-session', '/api/docs']) {
      const response = await http.app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('sends HSTS on every answer of an https deployment, JSON ones included', async () => {
    for (const url of ['/dashboard', '/api/v1/credits']) {
      const response = await https.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=\d+/);
    }
    const api = await https.app.inject({ method: 'GET', url: '/api/v1/credits' });
    expect(api.headers['x-frame-options']).toBeUndefined();
  });
});
