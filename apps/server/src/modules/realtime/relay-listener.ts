import type { Database } from '../../db/database';
import type { PublishRealtime } from './publish-realtime';
import type { RelayCodecRegistry } from './relay-codecs';
import { REALTIME_RELAY_CHANNEL, relayMessageSchema } from './relay-message';

export interface RelayListenerLogger {
  warn(details: object, message?: string): void;
}

/**
 * API side of the relay: LISTEN `nocturne_realtime` and hand every relayed event to `emit` (the
 * local Socket.IO publish), hydrating compacted payloads first. Messages are handled strictly in
 * arrival order, so a hydrated `result` never overtakes the `update` sent before it.
 * Resolves with a function that stops listening.
 */
export async function startRelayListener(options: {
  database: Database;
  codecs: RelayCodecRegistry;
  emit: PublishRealtime;
  logger: RelayListenerLogger;
}): Promise<() => Promise<void>> {
  const { database, codecs, emit, logger } = options;
  let queue: Promise<void> = Promise.resolve();

  async function handle(raw: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    const result = relayMessageSchema.safeParse(parsed);
    if (!result.success) {
      logger.warn({ payload: raw.slice(0, 200) }, 'ignored a malformed realtime relay message');
      return;
    }
    const { channel, event, compacted } = result.data;
    let payload = result.data.payload;
    if (compacted) {
      const codec = codecs.find(channel, event);
      if (!codec) {
        logger.warn({ channel, event }, 'no codec to hydrate a relayed event; dropped');
        return;
      }
      payload = await codec.hydrate(payload);
    }
    emit(channel, event, payload);
  }

  const unlisten = await database.listen(REALTIME_RELAY_CHANNEL, (raw) => {
    queue = queue.then(() =>
      handle(raw).catch((error: unknown) =>
        logger.warn({ err: error }, 'relaying a realtime event failed'),
      ),
    );
  });
  return async () => {
    await unlisten();
    await queue;
  };
}
