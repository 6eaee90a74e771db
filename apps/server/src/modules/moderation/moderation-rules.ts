import { sql } from 'drizzle-orm';
import type { AppDb, DbHandle } from '../../db/database';
import {
  moderationAllowedPhrases,
  moderationBlockedNames,
  moderationBlockedTerms,
} from './moderation-tables';
import { createPromptPolicy, type PromptPolicy } from './check-prompt-policy';
import { shippedLexicons } from './shipped-lexicons';
import type { TermKind } from './term-trie';

/** NOTIFY channel: an operator changed a list; every API process reloads the lists. */
export const MODERATION_RULES_CHANNEL = 'moderation_rules_changed';

/** The rules a process screens with: the shipped lists and the operators' lists as last read. */
export interface RulesSnapshot {
  policy: PromptPolicy;
  operatorTerms: ReadonlySet<string>;
  operatorNames: ReadonlySet<string>;
  /** These rules with one more allowed phrase (to check a phrase before it is stored). */
  withAllowedPhrase(phrase: string): PromptPolicy;
}

export interface ModerationRules {
  current(): RulesSnapshot;
  /** Reads the operators' lists again and compiles them (one after another, latest last). */
  reload(): Promise<void>;
}

/** Inside the transaction that changes a list: delivered to every process when it commits. */
export async function notifyRulesChanged(tx: DbHandle): Promise<void> {
  await tx.execute(sql`select pg_notify(${MODERATION_RULES_CHANNEL}, '')`);
}

/**
 * The per-process cache of the content rules: prompts are screened against memory (no query per
 * prompt); the shipped lexicons are compiled once a process (shipped-lexicons.ts) and only the
 * operators' short lists on a change.
 */
export function createModerationRules(options: {
  db: AppDb;
  extraNames?: readonly string[];
}): ModerationRules {
  const shipped = shippedLexicons(options.extraNames);
  const compile = (
    terms: ReadonlyArray<{ term: string; kind: string }>,
    names: readonly string[],
    allowedPhrases: readonly string[],
  ): RulesSnapshot => {
    const byKind = new Map<TermKind, string[]>();
    for (const { term, kind } of terms) {
      byKind.set(kind as TermKind, [...(byKind.get(kind as TermKind) ?? []), term]);
    }
    const operatorTerms: Array<readonly [TermKind, readonly string[]]> = [
      ...byKind,
      ['name', names],
    ];
    return {
      policy: createPromptPolicy({ shipped, operatorTerms, allowedPhrases }),
      operatorTerms: new Set(terms.map(({ term }) => term)),
      operatorNames: new Set(names),
      withAllowedPhrase: (phrase) =>
        createPromptPolicy({
          shipped,
          operatorTerms,
          allowedPhrases: [...allowedPhrases, phrase],
        }),
    };
  };
  let snapshot = compile([], [], []);
  const load = async () => {
    const [terms, names, phrases] = await Promise.all([
      options.db.select().from(moderationBlockedTerms),
      options.db.select().from(moderationBlockedNames),
      options.db.select().from(moderationAllowedPhrases),
    ]);
    snapshot = compile(
      terms,
      names.map(({ name }) => name),
      phrases.map(({ phrase }) => phrase),
    );
  };
  let pending: Promise<void> = Promise.resolve();
  return {
    current: () => snapshot,
    reload() {
      pending = pending.then(load, load);
      return pending;
    },
  };
}
