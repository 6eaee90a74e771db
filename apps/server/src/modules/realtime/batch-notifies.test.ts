import { describe, expect, it } from 'vitest';
import { batchNotifies, EMITTER_NOTIFY } from './batch-notifies';

function recorder() {
  const sent: Array<{ text: string; values: unknown[] }> = [];
  const query = batchNotifies(async (text, values) => {
    sent.push({ text, values });
    return { rows: [{ id: sent.length }] };
  });
  return { sent, query };
}

describe('batchNotifies', () => {
  it('sends the notifies of one tick as one statement, in order, and settles every caller', async () => {
    const { sent, query } = recorder();
    const answers = Promise.all([
      query(EMITTER_NOTIFY, ['socket.io#/', 'update']),
      query(EMITTER_NOTIFY, ['socket.io#/', 'result']),
    ]);
    expect(sent).toEqual([]);
    await expect(answers).resolves.toEqual([{ rows: [{ id: 1 }] }, { rows: [{ id: 1 }] }]);
    expect(sent).toEqual([
      {
        text: 'SELECT pg_notify($1, $2), pg_notify($3, $4)',
        values: ['socket.io#/', 'update', 'socket.io#/', 'result'],
      },
    ]);
    await query(EMITTER_NOTIFY, ['socket.io#/', 'later']);
    expect(sent[1]).toEqual({ text: 'SELECT pg_notify($1, $2)', values: ['socket.io#/', 'later'] });
  });

  it('a repeated payload and any other query start a new statement, keeping the issue order', async () => {
    const { sent, query } = recorder();
    await Promise.all([
      query(EMITTER_NOTIFY, ['c', 'same']),
      // PostgreSQL would deliver a payload sent twice in one transaction only once.
      query(EMITTER_NOTIFY, ['c', 'same']),
      query('INSERT INTO socket_io_attachments (payload) VALUES ($1) RETURNING id;', ['bytes']),
      query(EMITTER_NOTIFY, ['c', 'after']),
    ]);
    expect(sent.map((entry) => entry.values)).toEqual([
      ['c', 'same'],
      ['c', 'same'],
      ['bytes'],
      ['c', 'after'],
    ]);
  });
});
