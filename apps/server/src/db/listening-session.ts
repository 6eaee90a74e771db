import pg from 'pg';
import type { Database } from './database';
import { openDedicatedSession, type DedicatedSession } from './dedicated-session';

type Listener = (payload: string) => void;

/**
 * `Database.listen` on PostgreSQL: every channel a process listens on shares one dedicated
 * session, so a process holds one connection for its LISTENs, not one per channel. The session
 * opens with the first listener and closes with the last; a lost session is opened again and
 * listens again on every channel (dedicated-session.ts).
 */
export function createListeningSession(connectionString: string): Database['listen'] {
  const listeners = new Map<string, Set<Listener>>();
  let session: Promise<DedicatedSession> | undefined;

  const listenOn = (channels: Iterable<string>) =>
    [...channels].map((channel) => `listen ${pg.escapeIdentifier(channel)}`).join('; ');

  function openSession(): Promise<DedicatedSession> {
    const opening = openDedicatedSession({
      connectionString,
      onNotification: (channel, payload) => {
        for (const listener of listeners.get(channel) ?? []) listener(payload);
      },
      onOpen: (client) =>
        listeners.size > 0 ? client.query(listenOn(listeners.keys())) : undefined,
    });
    opening.catch(() => {
      if (session === opening) session = undefined;
    });
    return opening;
  }

  async function remove(channel: string, listener: Listener): Promise<void> {
    const channelListeners = listeners.get(channel);
    if (!channelListeners?.delete(listener) || channelListeners.size > 0) return;
    listeners.delete(channel);
    const current = session;
    if (!current) return;
    if (listeners.size === 0) {
      // Forgotten before it closes: a listener arriving meanwhile opens a session of its own.
      session = undefined;
      return (await current).close();
    }
    const open = await current;
    await open.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
  }

  return async (channel, listener) => {
    const channelListeners = listeners.get(channel) ?? new Set();
    const newChannel = channelListeners.size === 0;
    channelListeners.add(listener);
    listeners.set(channel, channelListeners);
    // A session opened now listens on the new channel as it opens (onOpen).
    const alreadyOpen = session !== undefined;
    session ??= openSession();
    try {
      const current = await session;
      if (newChannel && alreadyOpen) await current.query(listenOn([channel]));
    } catch (error) {
      await remove(channel, listener);
      throw error;
    }
    return () => remove(channel, listener);
  };
}
