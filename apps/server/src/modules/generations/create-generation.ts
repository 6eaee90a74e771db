import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { generations } from '../../db/generations-schema';

import { assertPromptAllowed } from '../moderation/check-prompt-policy';
import type { RealtimeEvents } from '../realtime/create-unit-of-work';
import { debitGenerationRun } from './generation-charge';
import { notifyGenerationQueued } from './generation-queue-signal';
import type { GenerationRow } from './generation-row';
import { queuedUpdate } from './queued-update';

export interface CreateGenerationOptions {
  /** The unit of work's transaction (the service opens a savepoint inside it). */
  db: DbHandle;
  /** Gets `credit_updated` (when charged) and the `queued` update with the queue position. */
  events: RealtimeEvents;
  userId: string;
  sourcePrompt: string;
  contentPrompt: string;
  idempotencyKey?: string;
  /** Test seam: runs inside the transaction after each step, to prove a failure undoes all. */
  afterStep?: (step: 'row' | 'debit') => Promise<void> | void;
}

export interface CreateGenerationResult {
  generation: GenerationRow;
  /** False when an earlier submit with the same Idempotency-Key is answered again. */
  created: boolean;
}

async function findByKey(tx: DbHandle, userId: string, key: string) {
  const [row] = await tx
    .select()
    .from(generations)
    .where(and(eq(generations.userId, userId), eq(generations.idempotencyKey, key)));
  return row;
}

/**
 * A key answers again only the request it was first used for; the same key with another body is
 * a client bug, and replaying the first answer would hide it.
 */
function sameRequest(earlier: GenerationRow, options: CreateGenerationOptions): GenerationRow {
  if (
    earlier.sourcePrompt !== options.sourcePrompt ||
    earlier.contentPrompt !== options.contentPrompt
  ) {
    throw new AppError('VALIDATION_ERROR', {
      message: 'This Idempotency-Key was already used for a different request.',
    });
  }
  return earlier;
}

/**
 * POST /generate: the policy check first (a refused prompt costs nothing), then in ONE
 * transaction the queued row, the debit with its ledger row and the worker wake-up. A short
 * balance throws INSUFFICIENT_CREDITS and the whole transaction, row included, rolls back.
 */
export async function createGeneration(
  options: CreateGenerationOptions,
): Promise<CreateGenerationResult> {
  const { db, events, userId, idempotencyKey } = options;
  assertPromptAllowed(options.sourcePrompt, options.contentPrompt);
  return db.transaction(async (tx) => {
    if (idempotencyKey) {
      const earlier = await findByKey(tx, userId, idempotencyKey);
      if (earlier) return { generation: sameRequest(earlier, options), created: false };
    }
    const id = randomUUID();
    // ON CONFLICT: a concurrent twin with the same key waits for the first to commit, then
    // inserts nothing; the earlier row is then answered instead.
    const [inserted] = await tx
      .insert(generations)
      .values({
        id,
        requestId: randomUUID(),
        userId,
        sourcePrompt: options.sourcePrompt,
        contentPrompt: options.contentPrompt,
        idempotencyKey: idempotencyKey ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const earlier = await findByKey(tx, userId, idempotencyKey ?? '');
      if (!earlier) throw new Error('idempotency conflict without a row');
      return { generation: sameRequest(earlier, options), created: false };
    }
    await options.afterStep?.('row');
    const debit = await debitGenerationRun({ tx, events, userId, generationId: id, retryCount: 0 });
    await options.afterStep?.('debit');
    let generation = inserted;
    if (!debit.charged) {
      // Premium users are never charged and are served first (ARCHITECTURE.md: Queue).
      [generation = inserted] = await tx
        .update(generations)
        .set({ priority: 1 })
        .where(eq(generations.id, id))
        .returning();
    }
    await notifyGenerationQueued(tx);
    events.add(await queuedUpdate(tx, generation));
    return { generation, created: true };
  });
}
