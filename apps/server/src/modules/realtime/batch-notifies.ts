/** The one statement @socket.io/postgres-emitter sends per event. */
export const EMITTER_NOTIFY = 'SELECT pg_notify($1, $2)';

type Query = (text: string, values: unknown[]) => Promise<unknown>;

/**
 * The emitter sends one `SELECT pg_notify` per event, each waiting for the one before on the
 * emitter's single connection: a completion's `update` and `result` took two round trips before
 * the result left (about 1 ms each on the pipeline bench, on the path of every result). Notifies
 * issued in the same tick go out as one statement instead, in the order they were issued: a
 * statement's notifications reach listeners together and in order when it commits.
 *
 * PostgreSQL delivers a payload once per transaction even if it was sent twice, so a repeat
 * starts a new statement. Any other query (an attachment's INSERT) first sends what is waiting,
 * which keeps the issue order. Each caller's promise settles with the statement it went out in.
 */
export function batchNotifies(query: Query): Query {
  let batch: Array<{ values: unknown[]; settle: (outcome: Promise<unknown>) => void }> = [];
  const flush = () => {
    if (batch.length === 0) return;
    const sent = batch;
    batch = [];
    const calls = sent.map((_, index) => `pg_notify($${index * 2 + 1}, $${index * 2 + 2})`);
    const outcome = query(
      `SELECT ${calls.join(', ')}`,
      sent.flatMap((entry) => entry.values),
    );
    for (const entry of sent) entry.settle(outcome);
  };
  return (text, values) => {
    if (text !== EMITTER_NOTIFY) {
      flush();
      return query(text, values);
    }
    if (batch.some((entry) => entry.values[1] === values[1])) flush();
    if (batch.length === 0) queueMicrotask(flush);
    return new Promise((resolve) => batch.push({ values, settle: resolve }));
  };
}
