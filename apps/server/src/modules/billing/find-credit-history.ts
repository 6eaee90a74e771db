import type {
  GetCreditHistoryQuery,
  GetCreditHistoryResponse,
} from '@nocturne/contract/credits/get-credit-history';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { GenerationKind } from '@nocturne/contract/generations/derive-generation';
import type { DbHandle } from '../../db/database';
import { creditLineKind, creditLinePrompt } from '../credits/credit-line-words';
import { ledgerRows as ledger } from '../credits/repository/person-credits';
import { ledgerPayments as payments } from './payments-repository';
import { ledgerGenerations as generations } from '../generations/repository/person-generations';

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * The person's ledger as lines (docs/decisions/054): the rows of one reason written in one
 * transaction for the images of one submit (a batch's debits, a cancel's refunds) are one line
 * with their sum; every other row is a line of its own. Each line carries what it was for: what
 * the generations made and the prompts their images got, or the credit pack of a purchase. Grouping happens on read, so the ledger keeps
 * one row per image and every refund still undoes exactly one debit.
 */
function ledgerLines(db: DbHandle, userId: string) {
  // Only uuid-shaped generation ids are cast and joined: casting any other text would fail.
  const generationId = sql`case when ${ledger.generationId} ~ ${UUID_PATTERN}
    then ${ledger.generationId}::uuid end`;
  // A pack's grant is keyed `payment:<id>`, its refund `payment:<id>:refund`; joined by primary key.
  const paymentKeyId = sql`split_part(${ledger.idempotencyKey}, ':', 2)`;
  const paymentId = sql`case when split_part(${ledger.idempotencyKey}, ':', 1) = 'payment'
    and ${paymentKeyId} ~ ${UUID_PATTERN} then ${paymentKeyId}::uuid end`;
  const firstImage = sql`${generations.imageIndex} nulls last, ${ledger.id}`;
  return db
    .select({
      id: sql<string>`(array_agg(${ledger.id}::text order by ${firstImage}))[1]`.as('id'),
      amount: sql<number>`sum(${ledger.amount})::int`.as('amount'),
      reason: ledger.reason,
      createdAt: ledger.createdAt,
      generationId: sql<
        string | null
      >`(array_agg(${ledger.generationId} order by ${firstImage}))[1]`.as('generation_id'),
      imageCount: sql<number>`count(*)::int`.as('image_count'),
      // The prompt each image got: its choices picked, or the prompt itself when it had none.
      prompts: sql<(string | null)[] | null>`array_agg(coalesce(${generations.expandedPrompt},
        ${generations.contentPrompt}) order by ${firstImage})`.as('prompts'),
      kind: sql<GenerationKind | null>`min(${generations.kind})`.as('kind'),
      packageId: sql<string | null>`min(${payments.packageId})`.as('package_id'),
    })
    .from(ledger)
    .leftJoin(generations, sql`${generations.id} = ${generationId}`)
    .leftJoin(payments, sql`${payments.id} = ${paymentId}`)
    .where(eq(ledger.userId, userId))
    .groupBy(
      ledger.reason,
      ledger.createdAt,
      sql`coalesce(${generations.requestId}, ${ledger.id}::text)`,
    )
    .as('lines');
}

/** One page of the person's credit history lines and how many lines there are. */
export async function findCreditHistory(options: {
  db: DbHandle;
  userId: string;
  query: GetCreditHistoryQuery;
}): Promise<GetCreditHistoryResponse> {
  const { db, userId, query } = options;
  const direction = query.orderDirection === 'asc' ? asc : desc;
  const lines = ledgerLines(db, userId);
  const primary = query.orderBy === 'amount' ? lines.amount : lines.createdAt;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(lines)
      // Ties fall back to time then id, so pages never overlap or skip.
      .orderBy(direction(primary), direction(lines.createdAt), direction(lines.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(lines),
  ]);
  return {
    history: rows.map((row) => ({
      id: row.id,
      amount: row.amount,
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
      generation_id: row.generationId,
      image_count: row.imageCount,
      prompt: creditLinePrompt(row.prompts),
      kind: creditLineKind(row.kind),
      package_id: row.packageId,
    })),
    total: totalRow?.total ?? 0,
  };
}
