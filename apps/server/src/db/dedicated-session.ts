import pg from 'pg';

/** How long a lost session waits before it is opened again (and again, while that fails). */
export const SESSION_REOPEN_MS = 1_000;

export interface DedicatedSession {
  /** Runs `text` on the current session (rejects while it is being reopened). */
  query(text: string): Promise<unknown>;
  /** Ends the session for good; again, does nothing more. */
  close(): Promise<void>;
}

/**
 * A PostgreSQL session of its own, for what a pooled connection cannot hold: LISTEN and
 * session-level locks. A lost session (a restart, a failover) is opened again, and `onOpen` runs
 * on every session it opens, the first and each new one, to restore what the session held.
 * Rejects when the first session cannot be opened.
 */
export async function openDedicatedSession(options: {
  connectionString: string;
  onNotification: (channel: string, payload: string) => void;
  onOpen: (session: Pick<pg.Client, 'query'>) => Promise<unknown> | void;
  reopenAfterMs?: number;
}): Promise<DedicatedSession> {
  let current: pg.Client | undefined;
  let closed = false;
  let reopening: ReturnType<typeof setTimeout> | undefined;
  let closing: Promise<void> | undefined;

  async function open(): Promise<void> {
    const client = new pg.Client({ connectionString: options.connectionString });
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      options.onNotification(message.channel, message.payload ?? '');
    });
    client.once('end', () => {
      if (!closed && current === client) reopenLater();
    });
    try {
      await client.connect();
      // Closed while this one was being opened: it is not kept.
      if (closed) {
        await client.end().catch(() => undefined);
        return;
      }
      current = client;
      await options.onOpen(client);
    } catch (error) {
      if (current === client) current = undefined;
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  function reopenLater() {
    reopening = setTimeout(() => {
      open().catch(() => {
        if (!closed) reopenLater();
      });
    }, options.reopenAfterMs ?? SESSION_REOPEN_MS);
  }

  await open();
  return {
    query(text) {
      if (!current) return Promise.reject(new Error('the session is being reopened'));
      return current.query(text);
    },
    close() {
      closed = true;
      clearTimeout(reopening);
      closing ??= current?.end().catch(() => undefined) ?? Promise.resolve();
      return closing;
    },
  };
}
