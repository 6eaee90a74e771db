import { describe, expect, it } from 'vitest';
import { adminReasonSchema } from '../admin/admin-actions';
import {
  addBlockedNameBodySchema,
  addBlockedTermBodySchema,
} from '../admin/admin-moderation-lists';
import { falsePositiveBodySchema } from '../admin/admin-refusals';
import {
  putAnnouncementRequestSchema,
  putServiceSettingsRequestSchema,
} from '../admin/service-settings';
import { signUpRequestSchema } from '../auth/sign-up';
import { presetNameSchema } from '../presets/preset';
import { createGenerationRequestSchema } from '../generations/create-generation';
import { updateProfileBodySchema } from '../users/update-profile';
import { validateUsername } from '../users/username';
import { bidiControlMessage, hasBidiControl } from './bidi-controls';

/** U+202A–U+202E (embeddings, overrides) and U+2066–U+2069 (isolates). */
const CONTROLS = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map(
  (code) => String.fromCodePoint(code),
);
const MARKS = ['\u200E', '\u200F', '\u061C'];

/** Each place free text that other people read enters, with the field name its message uses. */
const FIELDS: [
  string,
  (text: string) => { success: boolean; error?: { issues: { message: string }[] } },
][] = [
  ['Name', (text) => signUpRequestSchema.shape.name.safeParse(text)],
  ['Name', (text) => updateProfileBodySchema.safeParse({ name: text })],
  ['content_prompt', (text) => createGenerationRequestSchema.safeParse({ content_prompt: text })],
  [
    'source_prompt',
    (text) =>
      createGenerationRequestSchema.safeParse({ content_prompt: 'an owl', source_prompt: text }),
  ],
  [
    'negative_prompt',
    (text) =>
      createGenerationRequestSchema.safeParse({ content_prompt: 'an owl', negative_prompt: text }),
  ],
  ['name', (text) => presetNameSchema.safeParse(text)],
  ['text', (text) => putAnnouncementRequestSchema.shape.text.safeParse(text)],
  ['message', (text) => putServiceSettingsRequestSchema.shape.message.safeParse(text)],
  ['reason', (text) => adminReasonSchema.safeParse(text)],
  ['phrase', (text) => falsePositiveBodySchema.shape.phrase.safeParse(text)],
  ['term', (text) => addBlockedTermBodySchema.shape.term.safeParse(text)],
  ['name', (text) => addBlockedNameBodySchema.shape.name.safeParse(text)],
];

describe('bidi controls in names, prompts and the texts operators write', () => {
  it('are refused in every field, with a message naming the field', () => {
    for (const [label, parse] of FIELDS) {
      for (const control of CONTROLS) {
        const result = parse(`evil${control}gnp.exe`);
        expect(result.success, `${label} ${control.codePointAt(0)!.toString(16)}`).toBe(false);
        expect(result.error?.issues[0]?.message).toBe(bidiControlMessage(label));
      }
    }
  });

  it('lose their direction marks (U+200E, U+200F, U+061C) and keep everything else', () => {
    expect(signUpRequestSchema.shape.name.parse(` ${MARKS.join('')}Dana\u200F `)).toBe('Dana');
    expect(updateProfileBodySchema.parse({ name: 'שרה\u200F' })).toEqual({ name: 'שרה' });
    const request = createGenerationRequestSchema.parse({
      content_prompt: 'قطة\u061C على القمر',
      source_prompt: '\u200Eowl',
      negative_prompt: 'blur\u200E',
    });
    expect(request).toMatchObject({
      content_prompt: 'قطة على القمر',
      source_prompt: 'owl',
      negative_prompt: 'blur',
    });
  });

  it('leave right-to-left text itself alone', () => {
    for (const text of ['שרה כהן', 'مريم', 'Zoë Ångström', 'owl 🦉']) {
      expect(hasBidiControl(text)).toBe(false);
      expect(signUpRequestSchema.shape.name.parse(text)).toBe(text);
    }
  });

  it('are measured after the marks go: a name of marks only is required', () => {
    const result = signUpRequestSchema.shape.name.safeParse(MARKS.join(''));
    expect(result.error?.issues[0]?.message).toBe('Name is required');
  });

  it('never reach a username, whose letters, digits, _ and - refuse them with the spec message', () => {
    for (const text of [...CONTROLS, ...MARKS].map((character) => `ab${character}cd`)) {
      expect(validateUsername(text)).toBe(
        'Username can only contain letters, numbers, underscores, and hyphens',
      );
    }
  });
});
