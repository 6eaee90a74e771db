import {
  contentPolicyMessage,
  OPERATOR_SUSPENSION_MESSAGE,
  refusalsBeforeSuspension,
  refusalWarning,
} from '@nocturne/contract/generations/content-policy';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { readAgeConfirmedAt } from '../auth/people-repository';
import type { AppDb } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared-per-database';
import { promptRefusals } from './moderation-tables';
import { AppError } from '../../lib/app-error';
import {
  createPositiveAnswerCache,
  type PositiveAnswerCache,
} from '../../lib/positive-answer-cache';
import { promptsUnsupportedLanguage } from '../process-metrics/process-metrics';
import type { PromptPolicy } from './check-prompt-policy';
import { readGenerationHold } from './generation-holds';
import { personsWords, saidTextsOf, wordsOfTerms, type SaidByTerm } from './persons-words';
import {
  escalationLookbackMs,
  refusalsCountFrom,
  refusalsInWindow,
  suspendedUntil,
} from './refusal-escalation';

export interface ScreenedPrompt {
  sourcePrompt: string;
  contentPrompt: string;
  negativePrompt: string;
}

export interface ScreenPromptOptions {
  /** The app's database, not a transaction: a refusal is recorded even though the request fails. */
  db: AppDb;
  policy: PromptPolicy;
  suspensionHours: number;
  userId: string;
  prompt: ScreenedPrompt;
  /** The 18+ check (age-confirmation-check.ts, which remembers who has confirmed). */
  assertAgeConfirmed: (userId: string) => Promise<void>;
  /** Who has no refused prompt within the escalation lookback (createRefusalFreeCheck). */
  refusalFree: RefusalFreeCheck;
  now?: Date;
}

/** NOTIFY channel naming a person whose prompt was refused (payload: the id). */
export const PROMPT_REFUSED_CHANNEL = 'prompt_refused';

export type RefusalFreeCheck = PositiveAnswerCache<string>;

/**
 * Whether a person has had no refused prompt within the escalation lookback, remembered while it
 * stays true: such a person cannot be suspended, so most submits skip the refusal read (a round
 * trip on the path of every POST /generate). Only a new refusal makes it false: the recording
 * process forgets at once and the others on PROMPT_REFUSED_CHANNEL (the plugin listens); time
 * passing only moves old refusals further out of the window. An operator's suspension counts as
 * a refusal here (it sends the same notification). `ttlMs` bounds a lost notification.
 */
export function createRefusalFreeCheck(options: {
  db: AppDb;
  suspensionHours: number;
  ttlMs: number;
  maxEntries?: number;
}): RefusalFreeCheck {
  const lookbackMs = escalationLookbackMs(options.suspensionHours);
  return createPositiveAnswerCache({
    lookup: async (userId) =>
      (await refusalTimes(options.db, userId, new Date(Date.now() - lookbackMs))).length === 0 &&
      !(await readGenerationHold(options.db, userId))?.suspended,
    ttlMs: options.ttlMs,
    maxEntries: options.maxEntries ?? 100_000,
  });
}

/** 403 AGE_CONFIRMATION_REQUIRED unless the account has a recorded 18+ confirmation. */
export async function assertAgeConfirmed(db: AppDb, userId: string): Promise<void> {
  const row = await readAgeConfirmedAt(db, userId);
  if (!row) throw new AppError('UNAUTHORIZED');
  if (!row.ageConfirmedAt) throw new AppError('AGE_CONFIRMATION_REQUIRED');
}

/** Prepared once per database: every submit and retry reads it. */
const preparedRefusalTimes = preparedPerDatabase((db) =>
  db
    .select({ createdAt: promptRefusals.createdAt })
    .from(promptRefusals)
    .where(
      and(
        eq(promptRefusals.userId, sql.placeholder('userId')),
        gt(promptRefusals.createdAt, sql.placeholder('since')),
      ),
    )
    .orderBy(asc(promptRefusals.createdAt))
    .prepare('prompt_refusal_times'),
);

/** When the person's prompts were refused since `since`, oldest first (what escalation counts). */
export async function refusalTimes(db: AppDb, userId: string, since: Date): Promise<Date[]> {
  const rows = await preparedRefusalTimes(db).execute({ userId, since });
  return rows.map((row) => row.createdAt);
}

/**
 * Refusals count from the lookback's start, or from an operator's restore when that is later;
 * an operator's suspension refuses at once (it has no end time).
 */
async function countRefusalsFrom(db: AppDb, userId: string, since: Date): Promise<Date> {
  const hold = await readGenerationHold(db, userId);
  if (hold?.suspended) {
    throw new AppError('GENERATION_SUSPENDED', { message: OPERATOR_SUSPENSION_MESSAGE });
  }
  return refusalsCountFrom(since, hold?.refusalsCountFrom);
}

function suspended(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError('GENERATION_SUSPENDED', { headers: { 'retry-after': String(seconds) } });
}

/**
 * Runs before /generate and retry charge anything (docs/decisions/021-content-rules.md): the
 * 18+ confirmation, a running suspension, then the content rules. A refused prompt is recorded
 * (the only place it is kept) with the words that matched, and answered 422 naming the rule and
 * those words, with the warning past PROMPT_WARNING_AFTER
 * refusals in 24 h; past PROMPT_SUSPENSION_AFTER generation pauses (403 with Retry-After).
 */
export async function screenPrompt(options: ScreenPromptOptions): Promise<void> {
  const { db, userId, prompt } = options;
  const now = options.now ?? new Date();
  await options.assertAgeConfirmed(userId);
  let since = new Date(now.getTime() - escalationLookbackMs(options.suspensionHours));
  if (!(await options.refusalFree.holds(userId))) {
    since = await countRefusalsFrom(db, userId, since);
    const pausedUntil = suspendedUntil(
      await refusalTimes(db, userId, since),
      options.suspensionHours,
      now,
    );
    if (pausedUntil) throw suspended(pausedUntil, now);
  }

  const said: SaidByTerm = new Map();
  const verdict = options.policy({
    prompts: [prompt.sourcePrompt, prompt.contentPrompt],
    negativePrompt: prompt.negativePrompt,
    said,
  });
  if (verdict.allowed) return;
  // A script the rules cannot read: declined, counted apart, never recorded as a refusal
  // (docs/decisions/074-unsupported-scripts-fail-closed.md).
  if ('unsupportedScript' in verdict) {
    promptsUnsupportedLanguage.inc({ script: verdict.unsupportedScript });
    throw new AppError('PROMPT_LANGUAGE_UNSUPPORTED', {
      details: { script: verdict.unsupportedScript },
    });
  }
  // The texts as the policy read them: what the person's words are quoted from.
  const texts = saidTextsOf(prompt);
  await db.insert(promptRefusals).values({
    userId,
    ...prompt,
    rule: verdict.rule,
    matchedTerms: [...verdict.matched],
    matchedWords: wordsOfTerms(verdict.matched, said, texts),
    createdAt: now,
  });
  // After the insert committed: a check that starts now reads it, one that started before it is
  // not remembered (the cache's forget time).
  options.refusalFree.forget(userId);
  await db.execute(sql`select pg_notify(${PROMPT_REFUSED_CHANNEL}, ${userId})`);
  const times = await refusalTimes(db, userId, since);
  const nowPaused = suspendedUntil(times, options.suspensionHours, now);
  if (nowPaused) throw suspended(nowPaused, now);
  const count = refusalsInWindow(times, now);
  const warning = refusalWarning(count);
  // The rule and the person's own words that matched are named to the person and logged with
  // the error; the rest of the prompt is not (it stays in prompt_refusals).
  const message = contentPolicyMessage(verdict.rule, personsWords(verdict.matched, said, texts));
  throw new AppError('CONTENT_POLICY_VIOLATION', {
    message: warning ? `${message} ${warning}` : message,
    details: { rule: verdict.rule },
    extra: { refusals_before_suspension: refusalsBeforeSuspension(count) },
  });
}
