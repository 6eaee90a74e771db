import type { TestModerationResponse } from '@nocturne/contract/admin/admin-moderation-lists';
import type { RulesSnapshot } from '../moderation/moderation-rules';

/**
 * What the rules say about a prompt, and which list each matched word is on. Pure: nothing is
 * recorded and nothing counts towards a suspension.
 */
export function testPrompt(
  rules: RulesSnapshot,
  prompt: string,
  negativePrompt = '',
): TestModerationResponse {
  const verdict = rules.policy({ prompts: [prompt], negativePrompt });
  if (verdict.allowed) {
    return {
      allowed: true,
      rule: null,
      matched: [],
      allowedPhrases: [...(verdict.allowedPhrases ?? [])],
    };
  }
  if ('unsupportedScript' in verdict) {
    return {
      allowed: false,
      rule: null,
      matched: [],
      allowedPhrases: [],
      unsupportedScript: verdict.unsupportedScript,
    };
  }
  const listOf = (term: string) => {
    if (rules.operatorNames.has(term)) return 'operator_name' as const;
    if (rules.operatorTerms.has(term)) return 'operator_term' as const;
    return 'shipped' as const;
  };
  return {
    allowed: false,
    rule: verdict.rule,
    matched: verdict.matched.map((term) => ({ term, list: listOf(term) })),
    allowedPhrases: [],
  };
}
