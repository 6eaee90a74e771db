import { z } from 'zod';

/**
 * GET /api/v1/user/export answers a ZIP (`application/zip`, streamed): `data.json` (this shape)
 * and the stored images under `images/`. Rows are exported with every stored column (snake_case),
 * so the typed fields below are the ones a reader can count on, not an exhaustive list.
 */
export const EXPORT_DATA_FILE = 'data.json';
export const EXPORT_FORMAT_VERSION = 1;

/** `nocturne-export-2026-11-22.zip`: the day of the export, UTC. */
export function exportFileName(date: Date): string {
  return `nocturne-export-${date.toISOString().slice(0, 10)}.zip`;
}

const timestamp = z.iso.datetime({ offset: true });

export const exportedGenerationSchema = z.looseObject({
  id: z.string(),
  request_id: z.string(),
  status: z.string(),
  source_prompt: z.string(),
  content_prompt: z.string(),
  created_at: timestamp,
  /** The catalog model it was made with. */
  model: z.string(),
  /** generate, variation or upscale; a derived image names its source (null once deleted). */
  kind: z.string(),
  source_generation_id: z.string().nullable(),
  /** Path of the retained result inside the ZIP, or null when it has expired. */
  image_file: z.string().nullable(),
});

export const exportedFavoriteSchema = z.looseObject({
  id: z.string(),
  generation_id: z.string().nullable(),
  source_prompt: z.string(),
  content_prompt: z.string(),
  created_at: timestamp,
  /** Path of the saved image inside the ZIP (null only if its file was lost). */
  image_file: z.string().nullable(),
});

export const exportedLedgerEntrySchema = z.looseObject({
  id: z.string(),
  amount: z.number().int(),
  reason: z.string(),
  generation_id: z.string().nullable(),
  created_at: timestamp,
});

/** The person's plan as stored (null without one). */
export const exportedSubscriptionSchema = z.looseObject({
  plan: z.string(),
  status: z.string(),
  is_lifetime: z.boolean(),
  expires_at: timestamp.nullable(),
});

/** One invoice (a plan period or a credit pack); amounts as the provider's decimal strings. */
export const exportedPaymentSchema = z.looseObject({
  id: z.string(),
  purpose: z.string(),
  order_id: z.string(),
  price_amount: z.string(),
  price_currency: z.string(),
  status: z.string(),
  created_at: timestamp,
});

export const exportDataSchema = z
  .object({
    format_version: z.literal(EXPORT_FORMAT_VERSION),
    exported_at: timestamp,
    profile: z.looseObject({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      created_at: timestamp,
    }),
    /** Sign-in methods, without password hashes or provider tokens. */
    accounts: z.array(z.looseObject({ provider_id: z.string(), created_at: timestamp })),
    /** Sessions, without their secret tokens. */
    sessions: z.array(z.looseObject({ id: z.string(), created_at: timestamp })),
    preferences: z.record(z.string(), z.unknown()).optional(),
    credit_account: z.looseObject({ balance: z.number().int() }).nullable(),
    credit_ledger: z.array(exportedLedgerEntrySchema),
    generations: z.array(exportedGenerationSchema),
    favorites: z.array(exportedFavoriteSchema),
    /** Saved generation options (presets), with the options as stored. */
    presets: z.array(
      z.looseObject({ name: z.string(), options: z.record(z.string(), z.unknown()) }),
    ),
    /** The person's characters: each `@name` and the description it stands for. */
    characters: z.array(
      z.looseObject({ name: z.string(), description: z.string(), created_at: timestamp }),
    ),
    /** The person's wildcard lists: each `__name__` and its lines. */
    wildcard_lists: z.array(
      z.looseObject({ name: z.string(), values: z.array(z.string()), created_at: timestamp }),
    ),
    /** The person's API keys: name, scopes, prefix and uses, never the key nor its hash. */
    api_keys: z.array(
      z.looseObject({
        name: z.string(),
        scopes: z.array(z.string()),
        prefix: z.string(),
        created_at: timestamp,
      }),
    ),
    /** The person's webhooks: where and for which events, never the signing secret. */
    webhooks: z.array(
      z.looseObject({ url: z.string(), events: z.array(z.string()), created_at: timestamp }),
    ),
    subscription: exportedSubscriptionSchema.nullable(),
    payments: z.array(exportedPaymentSchema),
    /** The optional mails already sent (renewal reminders), so the person sees what went out. */
    mail_notices: z.array(
      z.looseObject({ kind: z.string(), occasion: timestamp, sent_at: timestamp }),
    ),
    /** Prompts the content rules refused, as kept for review (with the rule that refused each). */
    prompt_refusals: z.array(
      z.looseObject({
        content_prompt: z.string(),
        negative_prompt: z.string(),
        rule: z.string(),
        /** The words that matched, as the refusal message named them. */
        matched_terms: z.array(z.string()),
        created_at: timestamp,
      }),
    ),
    /** What the service's operators did to this account, with their reason (not who they are). */
    admin_actions: z.array(
      z.looseObject({
        action: z.string(),
        at: timestamp,
        reason: z.string().nullable(),
        before: z.unknown(),
        after: z.unknown(),
      }),
    ),
  })
  .meta({ id: 'ExportData' });
export type ExportData = z.infer<typeof exportDataSchema>;
