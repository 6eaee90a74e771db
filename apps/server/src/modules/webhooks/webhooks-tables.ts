import type { WebhookEventType } from '@nocturne/contract/webhooks/webhook';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from '../auth/auth-tables';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A person's webhooks (contract webhooks/webhook.ts): where the events they chose are POSTed. At
 * most WEBHOOKS_PER_PERSON_MAX each; deleted with the account.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    /**
     * The HMAC key deliveries are signed with, kept as issued: signing needs the key itself, so it
     * cannot be a hash. Only this module reads it, and no answer carries it after the create.
     */
    secret: text('secret').notNull(),
    createdAt: timestamptz('created_at').defaultNow().notNull(),
  },
  // The enqueue trigger reads a person's webhooks at every terminal state of their generations.
  (table) => [index('webhooks_user_idx').on(table.userId)],
);

/**
 * The outbox: one row per event and matching webhook, inserted by the trigger
 * `generations_enqueue_webhooks` in the transaction that gives a generation its terminal state,
 * so an event exists exactly when that state was committed. The delivery loop claims due rows,
 * sends them and records the answer.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The event's id: one per terminal state, shared by the person's webhooks, kept on retries. */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').$type<WebhookEventType>().notNull(),
    /** The generation's row as the terminal state wrote it (to_jsonb), shown at delivery. */
    generation: jsonb('generation').$type<Record<string, unknown>>().notNull(),
    /** The body as first sent: every retry sends these bytes again. */
    body: text('body'),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * When it is due. A claim moves it a lease ahead, so a row whose process dies mid-send is
     * claimed again after it (delivery-claims.ts).
     */
    nextAttemptAt: timestamptz('next_attempt_at').defaultNow().notNull(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').defaultNow().notNull(),
    finishedAt: timestamptz('finished_at'),
  },
  (table) => [
    check(
      'webhook_deliveries_status_known',
      sql`${table.status} in ('pending', 'delivered', 'failed')`,
    ),
    unique('webhook_deliveries_webhook_event_key').on(table.webhookId, table.eventId),
    // The claim scans only the rows still to send, soonest first.
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    // A webhook's deliveries, newest first.
    index('webhook_deliveries_webhook_created_idx').on(table.webhookId, table.createdAt),
  ],
);
