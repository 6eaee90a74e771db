import { sql } from 'drizzle-orm';
import type { DbHandle } from '../../db/database';
import { generations } from '../../db/generations-schema';
import { insertSelection } from '../../db/insert-selection';
import { preparedPerDatabase } from '../../db/prepared-per-database';
import { premiumAccessExists } from '../subscriptions/has-premium-access';
import { wakeWorkersCall } from './generation-queue-signal';
import type { GenerationRow } from './generation-row';
import type { QueueLimits } from './queue-room';
import { recentJobSecondsQuery } from './queue-wait-estimate';

/** One submit's rows as the statement takes them: shared options, and an id and seed per image. */
export interface QueuedSubmit {
  userId: string;
  requestId: string;
  idempotencyKey: string | null;
  /** One per image, in image order. */
  ids: string[];
  seeds: number[];
  sourcePrompt: string;
  contentPrompt: string;
  negativePrompt: string;
  aspectRatio: GenerationRow['aspectRatio'];
  quality: GenerationRow['quality'];
  style: GenerationRow['style'];
  limits: QueueLimits;
  /** `backend:model` whose recent durations the wait estimate reads. */
  backend: string;
}

export interface SubmitAnswer {
  /** The new rows in image order; empty when the statement did not admit the submit. */
  rows: GenerationRow[];
  /**
   * The person's unfinished jobs before this submit, counted after taking their queue lock; null
   * when the premium-only form found no premium access (then neither locked nor counted).
   */
  held: number | null;
  premium: boolean;
  /** The request id of the person's earlier submit under the same Idempotency-Key. */
  earlierRequestId: string | null;
  /**
   * avg() of the recent job durations on the backend, as the driver answers it, for a full
   * queue's Retry-After; read only when nothing went in (null then: no history).
   */
  seconds: string | number | null;
}

const placeholder = (name: string) => sql.placeholder(name);

/**
 * The whole submit as ONE statement (decision 038): the person's queue lock, count and earlier
 * submit under the key (generation_submit_room, migration 0015, with snapshots from after the
 * lock), their premium access, the rows (only when there is room, no earlier submit and, with
 * `premiumOnly`, premium access: an insert-select from the room) and the workers' wake-up, or,
 * when nothing went in, the recent job duration a full queue's Retry-After is made from.
 * Autocommitted it is a premium submit in one round trip; a free submit runs it inside the
 * transaction that also debits. The new rows' place is not read here: nobody can be in their
 * channel yet to hear it, and the join's snapshot carries it (readGenerationSnapshot).
 */
function buildSubmit(db: DbHandle, imageCount: number) {
  const premiumOnly = sql`${placeholder('premiumOnly')}::boolean`;
  // In the premium-only form, a person without premium access takes no lock and is not counted:
  // their submit runs again in its debit's transaction, which does both, so a free submit waits
  // for its person's lock once. The condition is a one-time filter: the function does not run.
  const room = db.$with('room').as(
    db
      .select({
        held: sql<number | null>`submit_room.held`.as('held'),
        earlier: sql<string | null>`submit_room.earlier`.as('earlier'),
        premium: sql<boolean>`access.premium`.as('premium'),
      })
      .from(
        sql`(select ${premiumAccessExists(db, placeholder('userId'), placeholder('now'))} as premium) access
          left join lateral (
            select * from generation_submit_room(${placeholder('userId')}, ${placeholder('key')})
            where access.premium or not ${premiumOnly}
          ) submit_room on true`,
      ),
  );
  const limit = sql`case when room.premium then ${placeholder('limitPremium')}::integer
    else ${placeholder('limitFree')}::integer end`;
  const admitted = sql`room.earlier is null and room.held + ${imageCount} <= ${limit}
    and (room.premium or not ${premiumOnly})`;
  const images = Array.from({ length: imageCount }, (_, index) => {
    const row = insertSelection(generations, {
      id: placeholder(`id${index}`),
      requestId: placeholder('requestId'),
      userId: placeholder('userId'),
      imageIndex: index,
      imageCount,
      sourcePrompt: placeholder('sourcePrompt'),
      contentPrompt: placeholder('contentPrompt'),
      negativePrompt: placeholder('negativePrompt'),
      seed: placeholder(`seed${index}`),
      aspectRatio: placeholder('aspectRatio'),
      quality: placeholder('quality'),
      style: placeholder('style'),
      // Premium users are never charged and are served first (docs/architecture.md#the-queue).
      priority: sql`case when room.premium then 1 else 0 end`,
      // The key marks the submit once, on its first image.
      idempotencyKey: index === 0 ? placeholder('key') : null,
    });
    return sql`select ${row} from room where ${admitted}`;
  });
  const inserted = db.$with('inserted').as(
    db
      .insert(generations)
      .select(sql.join(images, sql` union all `))
      .returning(),
  );
  return db
    .with(room, inserted)
    .select({
      ...inserted._.selectedFields,
      held: room.held,
      premium: room.premium,
      earlier: room.earlier,
      // Initplans, each evaluated once and only when its case is reached: a refused submit wakes
      // no one, an admitted one reads no durations. Inside a transaction the NOTIFY leaves at
      // commit.
      seconds: sql<string | number | null>`case when ${inserted.id} is null
        then (${recentJobSecondsQuery(db, placeholder('backend'))}) end`,
      woke: sql`case when ${inserted.id} is not null then (select ${wakeWorkersCall()}) end`,
    })
    .from(room)
    .leftJoin(inserted, sql`true`)
    .orderBy(inserted.imageIndex);
}

/** Autocommitted submits are prepared once per database and image count. */
const preparedSubmit = preparedPerDatabase(
  (db, imageCount: number) =>
    buildSubmit(db, imageCount).prepare(`submit_generation_${imageCount}`),
  String,
);

function placeholderValues(submit: QueuedSubmit, premiumOnly: boolean) {
  const perImage = Object.fromEntries(
    submit.ids.flatMap((id, index) => [
      [`id${index}`, id],
      [`seed${index}`, submit.seeds[index]],
    ]),
  );
  return {
    ...perImage,
    userId: submit.userId,
    key: submit.idempotencyKey,
    requestId: submit.requestId,
    sourcePrompt: submit.sourcePrompt,
    contentPrompt: submit.contentPrompt,
    negativePrompt: submit.negativePrompt,
    aspectRatio: submit.aspectRatio,
    quality: submit.quality,
    style: submit.style,
    limitFree: submit.limits.free,
    limitPremium: submit.limits.premium,
    premiumOnly,
    backend: submit.backend,
    now: new Date(),
  } satisfies Record<string, unknown>;
}

/**
 * Runs the submit statement. `premiumOnly` (autocommitted, on the database itself): the rows go
 * in only for a person with premium access, and the statement is prepared. Otherwise `db` is the
 * transaction that debits the rows it inserts (a statement bound to one session cannot be
 * prepared for the next).
 */
export async function submitQueued(
  db: DbHandle,
  submit: QueuedSubmit,
  mode: { premiumOnly: boolean },
): Promise<SubmitAnswer> {
  const imageCount = submit.ids.length;
  const values = placeholderValues(submit, mode.premiumOnly);
  const answer = mode.premiumOnly
    ? await preparedSubmit(db, imageCount).execute(values)
    : await buildSubmit(db, imageCount).execute(values);
  const [head] = answer;
  if (!head) throw new Error('the submit statement answered no row');
  const rows = answer.flatMap(
    ({ held: _held, premium: _premium, earlier: _earlier, seconds: _s, woke: _w, ...row }) =>
      row.id === null ? [] : [row as GenerationRow],
  );
  return {
    rows,
    held: head.held === null ? null : Number(head.held),
    premium: Boolean(head.premium),
    earlierRequestId: head.earlier ?? null,
    seconds: head.seconds ?? null,
  };
}
