import { Emitter } from '@socket.io/postgres-emitter';
import { describe, expect, it } from 'vitest';
import { withNamespace } from './postgres-emitter-namespace';

/** The emitter's pool, recording what it sends (the `pg.Pool#query` shape it is given). */
function recordingPool() {
  const sent: Array<{ text: string; values: unknown[] }> = [];
  return {
    sent,
    query: (text: string, values: unknown[]) => {
      sent.push({ text, values });
      return Promise.resolve({ rows: [{ id: 1 }] });
    },
  };
}

/** The JSON document of the NOTIFY the emitter sent for one emit. */
async function emittedDocument(patch: boolean): Promise<Record<string, unknown>> {
  const pool = recordingPool();
  const operator = new Emitter(pool, '/').to('credits:u1');
  (patch ? withNamespace(operator) : operator).emit('message', { event: 'updated' });
  await new Promise((resolve) => setImmediate(resolve));
  const notify = pool.sent.find((query) => query.text.includes('pg_notify'));
  return JSON.parse(String(notify?.values[1])) as Record<string, unknown>;
}

describe('withNamespace (@socket.io/postgres-emitter 0.1.1)', () => {
  it('the emitter still sends its broadcast without the top-level nsp the adapter routes by', async () => {
    // Once this fails, the emitter sets `nsp` itself and the patch can go.
    const document = await emittedDocument(false);
    expect(document).toMatchObject({ type: expect.any(Number), data: { packet: { nsp: '/' } } });
    expect(document).not.toHaveProperty('nsp');
  });

  it('adds the namespace to the document the emitter publishes', async () => {
    const document = await emittedDocument(true);
    expect(document).toMatchObject({
      nsp: '/',
      data: { packet: { data: ['message', { event: 'updated' }] } },
    });
  });

  it('refuses an operator without the publish method it wraps', () => {
    expect(() => withNamespace({})).toThrow(/publish is gone/);
  });
});
