import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVerifiedUser } from '../../../test/auth-flow';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { openRawConnection, requestHead, untilResponse, writeSlowly } from '../../../test/raw-http';
import { parseEnv } from '../../env';
import { REQUEST_TIMEOUT_MESSAGE } from '../../lib/request-deadline';
import { isTrustedProxy } from './connection-limit';

/** A test server on a free port of 127.0.0.1 with these settings. */
async function listening(env: Record<string, string>) {
  const ctx = await createTestApp({ env });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  return { ctx, port: typeof address === 'object' && address ? address.port : 0 };
}

function expectTimedOut(text: string) {
  expect(text).toMatch(/^HTTP\/1\.1 408 /);
  expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
    error: 'VALIDATION_ERROR',
    message: REQUEST_TIMEOUT_MESSAGE,
  });
}

describe('slow requests over a real socket (HTTP_REQUEST_TIMEOUT_S)', () => {
  let ctx: TestApp;
  let port: number;
  let alice: { token: string };

  beforeAll(async () => {
    ({ ctx, port } = await listening({ HTTP_REQUEST_TIMEOUT_S: '0.5' }));
    alice = await createVerifiedUser(ctx.app, ctx.env.DATA_DIR, 'slow@example.com');
  });
  afterAll(() => ctx.close());

  const profileName = async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/profile',
      headers: { authorization: `Bearer ${alice.token}` },
    });
    return response.json<{ name: string }>().name;
  };

  it('answers a body trickling in a byte at a time with 408 and closes the connection', async () => {
    const body = JSON.stringify({ name: 'Never Arrives' });
    const connection = await openRawConnection(port);
    connection.socket.write(
      requestHead('PUT', '/api/v1/profile', body.length, {
        authorization: `Bearer ${alice.token}`,
      }),
    );
    // The last byte never comes: only the deadline can end this request, however slow the machine.
    void writeSlowly(connection.socket, [...body.slice(0, -1)], 150);
    expectTimedOut(await connection.closed);
    expect(await profileName()).toBe('Test User');
  });

  it('answers headers trickling in with 408 and closes the connection', async () => {
    const connection = await openRawConnection(port);
    // The blank line that ends the head never comes: only the deadline can end this request.
    const lines = requestHead('GET', '/health', 0)
      .split('\r\n')
      .filter((line) => line !== '');
    void writeSlowly(
      connection.socket,
      lines.map((line) => `${line}\r\n`),
      150,
    );
    expectTimedOut(await connection.closed);
  });

  it('closes a connection that never sends a request', async () => {
    const connection = await openRawConnection(port);
    expectTimedOut(await connection.closed);
  });

  it('serves a slow but honest client whose request arrives within the deadline', async () => {
    const body = JSON.stringify({ name: 'Slow Sloth' });
    const connection = await openRawConnection(port);
    connection.socket.write(
      requestHead('PUT', '/api/v1/profile', body.length, {
        authorization: `Bearer ${alice.token}`,
      }),
    );
    const third = Math.ceil(body.length / 3);
    await writeSlowly(
      connection.socket,
      [body.slice(0, third), body.slice(third, 2 * third), body.slice(2 * third)],
      40,
    );
    const text = await untilResponse(connection);
    expect(text).toMatch(/^HTTP\/1\.1 200 /);
    expect(await profileName()).toBe('Slow Sloth');
    connection.socket.destroy();
  });
});

describe('connections per address (MAX_CONNECTIONS_PER_IP)', () => {
  const health = `GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n`;

  it('closes the connection past the limit unanswered, and takes one again once one closes', async () => {
    const { ctx, port } = await listening({ MAX_CONNECTIONS_PER_IP: '3' });
    try {
      const held = await Promise.all([1, 2, 3].map(() => openRawConnection(port)));
      // An answer on each means the server has counted all three.
      for (const connection of held) {
        connection.socket.write(health);
        expect(await untilResponse(connection)).toMatch(/^HTTP\/1\.1 200 /);
      }
      const refused = await openRawConnection(port);
      refused.socket.write(health);
      expect(await refused.closed).toBe('');

      held[0]!.socket.destroy();
      await vi.waitFor(async () => {
        const next = await openRawConnection(port);
        next.socket.write(health);
        const text = await untilResponse(next);
        next.socket.destroy();
        expect(text).toMatch(/^HTTP\/1\.1 200 /);
      });
      held.forEach((connection) => connection.socket.destroy());
    } finally {
      await ctx.close();
    }
  });

  it('does not count connections from a trusted proxy, which carry many clients', async () => {
    const { ctx, port } = await listening({
      MAX_CONNECTIONS_PER_IP: '1',
      TRUST_PROXY: '127.0.0.1',
    });
    try {
      const connections = await Promise.all([1, 2, 3].map(() => openRawConnection(port)));
      for (const connection of connections) {
        connection.socket.write(health);
        expect(await untilResponse(connection)).toMatch(/^HTTP\/1\.1 200 /);
        connection.socket.destroy();
      }
    } finally {
      await ctx.close();
    }
  });

  it('treats as proxies: every peer with a hop count, the listed addresses and ranges', () => {
    expect(isTrustedProxy(false)('127.0.0.1')).toBe(false);
    expect(isTrustedProxy(1)('203.0.113.9')).toBe(true);
    const listed = isTrustedProxy(['10.0.0.2', '192.168.0.0/16', 'fd00::/8']);
    expect(listed('10.0.0.2')).toBe(true);
    expect(listed('10.0.0.3')).toBe(false);
    expect(listed('192.168.44.1')).toBe(true);
    expect(listed('fd12::1')).toBe(true);
    expect(listed('2001:db8::1')).toBe(false);
  });

  it('has defaults that bound a flood but not a crowd behind one address', () => {
    const env = parseEnv({});
    expect(env.HTTP_REQUEST_TIMEOUT_S).toBe(30);
    expect(env.MAX_CONNECTIONS_PER_IP).toBe(256);
  });
});
