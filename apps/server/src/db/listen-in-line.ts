import pg from 'pg';
import { openDedicatedSession, type DedicatedSession } from './dedicated-session';

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
 * Leaving unlistens before it unlocks. A lost session frees its place for the next in line; the
 * session is opened again and, if this worker still wants a place, queues for the head anew.
 */
export async function listenInLineOnDedicatedClient(options: {
  connectionString: string;
  channel: string;
  line: string;
  onWake: () => void;
}): Promise<ListenLine> {
  const { connectionString, channel, line, onWake } = options;
  const lock = `hashtextextended(${pg.escapeLiteral(`listen-line:${line}`)}, 0)`;
  const listen = pg.escapeIdentifier(channel);
  // What the worker asks for, and whether the current session has queued for the head already.
  let wanted = false;
  let queued = false;
  // Bumped with each new session: an answer from a lost one changes nothing.
  let sessionNumber = 0;
  const enter = () => {
    queued = true;
    const number = sessionNumber;
    // One statement at a time per session: a leave() issued while this waits runs after it,
    // once this session has reached the head.
    session.query(`select pg_advisory_lock(${lock}); listen ${listen}`).then(onWake, () => {
      if (number === sessionNumber) queued = false;
    });
  };
  const session: DedicatedSession = await openDedicatedSession({
    connectionString,
    onNotification: (name) => {
      if (name === channel) onWake();
    },
    onOpen: () => {
      sessionNumber += 1;
      queued = false;
      // Called before `session` is assigned only for the first session, when nobody wants in yet.
      if (wanted) enter();
    },
  });
  return {
    join() {
      wanted = true;
      if (!queued) enter();
    },
    leave() {
      wanted = false;
      if (!queued) return;
      queued = false;
      session
        .query(`unlisten ${listen}; select pg_advisory_unlock(${lock})`)
        .catch(() => undefined);
    },
    stop: () => session.close(),
  };
}
