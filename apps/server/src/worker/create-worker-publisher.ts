import type { Database } from '../db/database';
import { createGenerationResultRelayCodec } from '../modules/generations/generation-result-relay-codec';
import type { ImageStore } from '../modules/images/image-store';
import { createRelayCodecRegistry } from '../modules/realtime/relay-codecs';
import {
  createRelayPublisher,
  type RelayLogger,
  type RelayPublisher,
} from '../modules/realtime/relay-publisher';

/**
 * The realtime publisher of a worker-only process (`--role=worker`, no Socket.IO server): events
 * go over NOTIFY to the API processes (docs/decisions/006). Codecs shrink what NOTIFY cannot carry.
 */
export function createWorkerPublisher(options: {
  database: Database;
  images: ImageStore;
  logger: RelayLogger;
}): RelayPublisher {
  return createRelayPublisher({
    database: options.database,
    codecs: createRelayCodecRegistry([createGenerationResultRelayCodec(options.images)]),
    logger: options.logger,
  });
}
