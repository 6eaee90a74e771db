import type { RealtimeEvents } from '../../db/create-unit-of-work';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { creditCostOf } from '../models/choose-submit-model';
import type { GenerationQueueSettings } from './create-generation';
import { debitGenerationRun } from './generation-charge';
import type { GenerationRow } from './generation-row';
import { getOwnedGeneration } from './get-owned-generation';
import { assertQueueRoom } from './queue-room';
import { queuedUpdates } from './queued-update';
import { requeueForRetry } from './repository/finish-jobs';

/** Only a failed generation runs again (422 otherwise). */
export function assertRetryable(row: GenerationRow): void {
  if (row.status !== 'failed') {
    throw new AppError('VALIDATION_ERROR', { message: 'Only a failed generation can be retried.' });
  }
}

/**
 * POST /generations/{id}/retry: a failed generation runs again under the same request id,
 * charged like a new one (its model's cost, a new debit with its own ledger key), in one
 * transaction with the status change back to queued. The model must still be in the catalog,
 * suit the person's plan and have a live worker, as at submit. Anything but `failed` is refused
 * (422). The enqueue step of a retry: submit-generation.ts screens the row's prompt first.
 */
export async function retryGeneration(options: {
  db: DbHandle;
  /** Gets `credit_updated` (when charged) and the `queued` update. */
  events: RealtimeEvents;
  userId: string;
  id: string;
  queue: GenerationQueueSettings;
}): Promise<GenerationRow> {
  const { db, events, userId } = options;
  return db.transaction(async (tx) => {
    const row = await getOwnedGeneration({ tx, userId, id: options.id, forUpdate: true });
    assertRetryable(row);
    const { limits } = options.queue;
    const { premium } = await assertQueueRoom({ tx, userId, adding: 1, limits, model: row.model });
    const model = await options.queue.models.choose(tx, row.model, premium, row.loras);
    const retryCount = row.retryCount + 1;
    await debitGenerationRun({
      tx,
      events,
      userId,
      generationId: row.id,
      retryCount,
      amount: creditCostOf(model, row.kind, row.upscaleFactor),
    });
    const generation = await requeueForRetry(tx, {
      id: row.id,
      retryCount,
      priority: premium ? 1 : 0,
    });
    for (const event of await queuedUpdates(tx, [generation], options.queue)) events.add(event);
    return generation;
  });
}
