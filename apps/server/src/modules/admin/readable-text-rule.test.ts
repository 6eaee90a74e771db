import { serviceStatusSchema } from '@nocturne/contract/admin/service-settings';
import { bidiControlMessage } from '@nocturne/contract/text/bidi-controls';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  createAdminTestContext,
  type AdminTestContext,
} from '../../../test/admin-fixture';
import { adminAudit } from '../admin-audit/admin-audit-tables';
import { creditTransactions } from '../credits/credits-tables';
import {
  moderationAllowedPhrases,
  moderationBlockedNames,
  moderationBlockedTerms,
  promptRefusals,
} from '../moderation/moderation-tables';
import { presets } from '../presets/presets-tables';

const RLO = '\u202E';
const ISOLATE = '\u2068';
const LRM = '\u200E';
const RLM = '\u200F';
const IN_AN_HOUR = () => new Date(Date.now() + 3_600_000).toISOString();

type Method = 'PUT' | 'POST';

/** A field other people read, the route that stores it, and a body carrying `text` in it. */
interface Field {
  label: string;
  field: string;
  method: Method;
  url: (ids: { person: string; refusal: string }) => string;
  body: (text: string) => object;
  /** Who sends it: an operator, or the person (their own presets). */
  as?: 'person';
}

const FIELDS: Field[] = [
  {
    label: 'announcement text',
    field: 'text',
    method: 'PUT',
    url: () => '/admin/announcement',
    body: (text) => ({ text, level: 'info', ends_at: IN_AN_HOUR() }),
  },
  {
    label: 'pause message',
    field: 'message',
    method: 'PUT',
    url: () => '/admin/settings',
    body: (message) => ({ generation: 'off', message }),
  },
  {
    label: 'credit-grant reason',
    field: 'reason',
    method: 'POST',
    url: ({ person }) => `/admin/users/${person}/credits`,
    body: (reason) => ({ amount: 5, reason }),
  },
  {
    label: 'suspension reason',
    field: 'reason',
    method: 'PUT',
    url: ({ person }) => `/admin/users/${person}/generation`,
    body: (reason) => ({ suspended: true, reason }),
  },
  {
    label: 'preset name',
    field: 'name',
    method: 'POST',
    url: () => '/presets',
    body: (name) => ({ name, options: { style: 'anime' } }),
    as: 'person',
  },
  {
    label: 'blocked term',
    field: 'term',
    method: 'POST',
    url: () => '/admin/blocked-terms',
    body: (term) => ({ term, rule: 'minor' }),
  },
  {
    label: 'blocked name',
    field: 'name',
    method: 'POST',
    url: () => '/admin/blocked-names',
    body: (name) => ({ name }),
  },
  {
    label: 'allowed phrase',
    field: 'phrase',
    method: 'POST',
    url: ({ refusal }) => `/admin/refusals/${refusal}/false-positive`,
    body: (phrase) => ({ reason: 'read wrongly', phrase }),
  },
];

/**
 * One text rule for what other people read (issue 42): every such field refuses the bidi
 * embeddings, overrides and isolates with 422 VALIDATION_ERROR naming the field, through the real
 * route, storing and auditing nothing; the direction marks are removed from what is stored.
 */
describe('the text rule on stored texts other people read', () => {
  let context: AdminTestContext;
  let refusal: string;

  beforeAll(async () => {
    context = await createAdminTestContext();
    const refused = await apiCall(context.ctx, context.person.token, 'POST', '/generate', {
      content_prompt: 'sexy teen',
    });
    expect(refused.statusCode).toBe(422);
    const [row] = await context.ctx.database.db
      .select({ id: promptRefusals.id })
      .from(promptRefusals)
      .where(eq(promptRefusals.userId, context.person.userId));
    refusal = row!.id;
  }, 120_000);
  afterAll(() => context.ctx.close());

  const send = (field: Field, text: string) =>
    apiCall(
      context.ctx,
      field.as === 'person' ? context.person.token : context.operator.token,
      field.method,
      field.url({ person: context.person.userId, refusal }),
      field.body(text),
    );

  const storedRows = async () => {
    const { db } = context.ctx.database;
    const rows = await Promise.all(
      [
        adminAudit,
        creditTransactions,
        presets,
        moderationBlockedTerms,
        moderationBlockedNames,
        moderationAllowedPhrases,
      ].map(async (table) => (await db.select({ rows: count() }).from(table))[0]?.rows),
    );
    return rows;
  };

  it.each(FIELDS)('$label refuses a bidi control (422) and stores nothing', async (field) => {
    const before = await storedRows();
    const status = await context.ctx.app.serviceSettings.status();
    for (const control of [RLO, ISOLATE]) {
      const answer = await send(field, `sexy ${control}teen owl`);
      expect(answer.statusCode, field.label).toBe(422);
      expect(answer.json()).toEqual({
        error: 'VALIDATION_ERROR',
        message: `Invalid input: ${field.field}: ${bidiControlMessage(field.field)}`,
      });
    }
    expect(await storedRows()).toEqual(before);
    expect(await context.ctx.app.serviceSettings.status()).toEqual(status);
  });

  it('stores an announcement and a pause message without their direction marks', async () => {
    const announced = await send(FIELDS[0]!, `${RLM}שלום${LRM} owls `);
    expect(announced.statusCode).toBe(200);
    expect(serviceStatusSchema.parse(announced.json()).announcement?.text).toBe('שלום owls');
    const paused = await send(FIELDS[1]!, `back soon${RLM}`);
    expect(paused.statusCode).toBe(200);
    expect(serviceStatusSchema.parse(paused.json()).message).toBe('back soon');
  });

  it('stores a blocked term, a name and a credit reason without their direction marks', async () => {
    const { db } = context.ctx.database;
    expect((await send(FIELDS[5]!, `tiny${LRM}tot`)).statusCode).toBe(201);
    expect((await send(FIELDS[6]!, `Ada${RLM} Example`)).statusCode).toBe(201);
    expect((await send(FIELDS[2]!, `goodwill${LRM}`)).statusCode).toBe(200);
    const terms = await db
      .select({ term: moderationBlockedTerms.term })
      .from(moderationBlockedTerms);
    const names = await db
      .select({ name: moderationBlockedNames.name })
      .from(moderationBlockedNames);
    const [audit] = await db
      .select({ reason: adminAudit.reason })
      .from(adminAudit)
      .where(eq(adminAudit.action, 'credits_grant'));
    expect([terms, names, audit?.reason]).toEqual([
      [{ term: 'tinytot' }],
      [{ name: 'Ada Example' }],
      'goodwill',
    ]);
  });
});
