import pg from 'pg';

/**
 * A place in a line of sessions that share one wake-up channel: only the session at the head
 * of the line listens, so a NOTIFY wakes one of them instead of all (decision 071).
 */
export interface ListenLine {
  /**
   * Queues for the head of the line, if not already in it or queued; `onWake` is called once on
   * reaching the head (when listening has begun) and for every NOTIFY while there.
   */
  join(): void;
  /** Stops listening and hands the head to the next session in line; a no-op when not in it. */
  leave(): void;
  /** Ends the session, which leaves the line wherever it stands; again, does nothing more. */
  stop(): Promise<void>;
}

/**
 * The line on PostgreSQL: a dedicated session waits for a session-level advisory lock named after
 * `line` (PostgreSQL grants a contended lock in request order), and listens while it holds it.
 * Joining is one statement that returns only at the head: the lock, then LISTEN, so no NOTIFY
 * falls between a leaving head and its successor that the successor's first claim would miss.
 * Leaving unlistens before it unlocks. A lost session only loses wake-ups, as a lost LISTEN
 * does (the worker's safety poll still runs), and PostgreSQL frees its lock for the next.
 */
export async function listenInLineOnDedicatedClient(options: {
  connectionString: string;
  channel: string;
  line: string;
  onWake: () => void;
}): Promise<ListenLine> {
  const { connectionString, channel, line, onWake } = options;
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  client.on('notification', (message) => {
    if (message.channel === channel) onWake();
  });
  await client.connect();
  const lock = `hashtextextended(${pg.escapeLiteral(`listen-line:${line}`)}, 0)`;
  const listen = pg.escapeIdentifier(channel);
  let inLine = false;
  let stopped: Promise<void> | undefined;
  return {
    join() {
      if (inLine) return;
      inLine = true;
      // node-postgres runs one statement at a time per client: a leave() issued while this
      // waits runs after it, once this session has reached the head.
      client.query(`select pg_advisory_lock(${lock}); listen ${listen}`).then(onWake, () => {
        inLine = false;
      });
    },
    leave() {
      if (!inLine) return;
      inLine = false;
      client.query(`unlisten ${listen}; select pg_advisory_unlock(${lock})`).catch(() => undefined);
    },
    stop() {
      stopped ??= client.end().catch(() => undefined);
      return stopped;
    },
  };
}
