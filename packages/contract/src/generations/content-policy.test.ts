import { describe, expect, it } from 'vitest';
import { PRODUCT_ERRORS } from '../errors/product-errors';
import { contentPolicyMessage } from './content-policy';

describe('contentPolicyMessage', () => {
  it('keeps the catalogue sentence first, then names the rule and the matched words', () => {
    expect(contentPolicyMessage('sexualised_minor', ['niña', 'desnuda'])).toBe(
      'This prompt is not allowed by our content rules: sexual content involving a minor ("niña", "desnuda").',
    );
    expect(
      contentPolicyMessage('sexualised_real_person', ['Taylor Swift', 'nude']).startsWith(
        PRODUCT_ERRORS.CONTENT_POLICY_VIOLATION.message.slice(0, -1),
      ),
    ).toBe(true);
  });

  it('names the rule alone when no word is recorded', () => {
    expect(contentPolicyMessage('negated_adulthood', [])).toBe(
      'This prompt is not allowed by our content rules: a sexual prompt whose negative prompt asks for someone who is not an adult.',
    );
  });
});
