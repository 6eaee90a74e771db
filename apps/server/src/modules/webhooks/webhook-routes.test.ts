import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import {
  EXPORT_DATA_FILE,
  exportDataSchema,
} from '@nocturne/contract/account-data/export-user-data';
import { createWebhookResponseSchema } from '@nocturne/contract/webhooks/create-webhook';
import { findWebhooksResponseSchema } from '@nocturne/contract/webhooks/find-webhooks';
import { WEBHOOK_EVENT_TYPES, WEBHOOKS_PER_PERSON_MAX } from '@nocturne/contract/webhooks/webhook';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { readZip } from '../../../test/read-zip';
import { webhooks } from './webhooks-tables';

type Person = { token: string; userId: string };

describe('/api/v1/webhooks', () => {
  let ctx: TestApp;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    bob = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'bob@example.com');
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Person, body?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${who.token}` },
      payload: body,
    });
  const create = (who: Person, url: string, events = ['generation.completed']) =>
    call('POST', '/webhooks', who, { url, events });

  it('adds a webhook with its secret once, lists it without the secret, and deletes it', async () => {
    const created = await create(alice, 'https://hooks.example.com/nocturne', [
      'generation.completed',
      'generation.cancelled',
    ]);
    expect(created.statusCode).toBe(201);
    const { id, secret } = createWebhookResponseSchema.parse(created.json());
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);

    const listed = await call('GET', '/webhooks', alice);
    expect(findWebhooksResponseSchema.parse(listed.json()).webhooks).toEqual([
      {
        id,
        url: 'https://hooks.example.com/nocturne',
        events: ['generation.completed', 'generation.cancelled'],
        created_at: expect.any(String),
      },
    ]);
    expect(listed.body).not.toContain(secret);
    expect((await call('GET', '/webhooks', bob)).json()).toEqual({ webhooks: [] });

    // Another person's webhook is not found, for its deliveries and its deletion alike.
    expect((await call('GET', `/webhooks/${id}/deliveries`, bob)).statusCode).toBe(404);
    expect((await call('DELETE', `/webhooks/${id}`, bob)).statusCode).toBe(404);
    expect((await call('GET', `/webhooks/${id}/deliveries`, alice)).json()).toEqual({
      deliveries: [],
    });
    expect((await call('DELETE', `/webhooks/${id}`, alice)).json()).toEqual({ deleted: true });
    expect((await call('GET', '/webhooks', alice)).json()).toEqual({ webhooks: [] });
  });

  it.each([
    ['http://hooks.example.com/x', 'it must start with https://'],
    ['https://127.0.0.1/x', 'it names a loopback address'],
    ['https://10.1.2.3/x', 'it names a private address'],
    ['https://[::1]:8443/x', 'it names a loopback address'],
    ['https://169.254.169.254/latest', 'it names a link-local or metadata address'],
    ['https://[fd00:ec2::254]/x', 'it names a private address (or the metadata address)'],
    ['https://100.64.0.1/x', 'it names a shared (CGNAT) address'],
    ['https://localhost:9000/x', 'it names this server itself'],
  ])('refuses %s: 422 WEBHOOK_URL_NOT_ALLOWED naming why', async (url, why) => {
    const response = await create(alice, url);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: 'WEBHOOK_URL_NOT_ALLOWED',
      message: `This URL cannot receive webhooks: ${why}.`,
    });
  });

  it('lets an API key with the generations scope manage webhooks', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { name: 'hook script' },
    });
    expect(created.statusCode).toBe(201);
    const withKey = { token: created.json<{ key: string }>().key, userId: alice.userId };
    const added = await create(withKey, 'https://hooks.example.com/from-a-key');
    expect(added.statusCode).toBe(201);
    const { id } = added.json<{ id: string }>();
    expect((await call('GET', '/webhooks', withKey)).json().webhooks).toContainEqual(
      expect.objectContaining({ id, url: 'https://hooks.example.com/from-a-key' }),
    );
    expect((await call('GET', `/webhooks/${id}/deliveries`, withKey)).statusCode).toBe(200);
    expect((await call('DELETE', `/webhooks/${id}`, withKey)).statusCode).toBe(200);
  });

  it('refuses an empty or unknown event list', async () => {
    for (const events of [[], ['generation.started'], ['generation.failed', 'generation.failed']]) {
      const response = await create(alice, 'https://hooks.example.com/x', events);
      expect(response.statusCode, JSON.stringify(events)).toBe(422);
      expect(response.json().error).toBe('VALIDATION_ERROR');
    }
  });

  it(`keeps at most ${WEBHOOKS_PER_PERSON_MAX} webhooks a person, even when created at once`, async () => {
    const answers = await Promise.all(
      Array.from({ length: WEBHOOKS_PER_PERSON_MAX + 2 }, (_, n) =>
        create(bob, `https://hooks.example.com/${n}`),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(WEBHOOKS_PER_PERSON_MAX);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.json()).toEqual({
      error: 'WEBHOOK_LIMIT_REACHED',
      message: PRODUCT_ERRORS.WEBHOOK_LIMIT_REACHED.message,
    });
    const stored = await ctx.database.db
      .select()
      .from(webhooks)
      .where(eq(webhooks.userId, bob.userId));
    expect(stored).toHaveLength(WEBHOOKS_PER_PERSON_MAX);
  });

  it('lists the webhook events, each with its body, and the routes with ids and summaries', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.webhooks)).toEqual(WEBHOOK_EVENT_TYPES);
    for (const type of WEBHOOK_EVENT_TYPES) {
      const { $ref } = document.webhooks[type].post.requestBody.content['application/json'].schema;
      const schema = document.components.schemas[$ref.replace('#/components/schemas/', '')];
      expect(Object.keys(schema.properties)).toEqual(['id', 'type', 'created_at', 'data']);
    }
    const operations = [
      document.paths['/api/v1/webhooks'].get,
      document.paths['/api/v1/webhooks'].post,
      document.paths['/api/v1/webhooks/{id}'].delete,
      document.paths['/api/v1/webhooks/{id}/deliveries'].get,
    ];
    expect(operations.map((operation) => operation.operationId)).toEqual([
      'listWebhooks',
      'createWebhook',
      'deleteWebhook',
      'listWebhookDeliveries',
    ]);
    for (const operation of operations) expect(operation.summary).toBeTruthy();
  });

  it('carries the webhooks in the export, never their secrets', async () => {
    const carol = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'carol@example.com');
    const { secret } = createWebhookResponseSchema.parse(
      (await create(carol, 'https://hooks.example.com/carol', ['generation.failed'])).json(),
    );
    const response = await call('GET', '/user/export', carol);
    expect(response.statusCode).toBe(200);
    const text = (await readZip(response.rawPayload)).get(EXPORT_DATA_FILE)!.toString('utf8');
    expect(exportDataSchema.parse(JSON.parse(text)).webhooks).toEqual([
      expect.objectContaining({
        url: 'https://hooks.example.com/carol',
        events: ['generation.failed'],
      }),
    ]);
    expect(text).not.toContain(secret);
  });
});

describe('/api/v1/webhooks with WEBHOOKS_ALLOW_PRIVATE', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  });
  afterAll(() => ctx.close());

  it('accepts plain http and private addresses for a trusted network', async () => {
    const alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'alice@example.com');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks',
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { url: 'http://127.0.0.1:9/hook', events: ['generation.failed'] },
    });
    expect(response.statusCode).toBe(201);
  });
});
