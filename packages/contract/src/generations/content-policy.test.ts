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

  it("quotes the person's words as written, each once, a long run cut short", () => {
    const run = 'n u d e t e e n g i r l s o n a b e a c h a t n i g h t';
    expect(
      contentPolicyMessage('sexualised_minor', ['Una NIÑA', 'n\nu d e', 'Una NIÑA', run]),
    ).toBe(
      'This prompt is not allowed by our content rules: sexual content involving a minor ' +
        '("Una NIÑA", "n u d e", "n u d e t e e n g i r l s o n a b e a c…").',
    );
  });
});
