/**
 * Attacker-controlled text (prompts, URLs, headers, messages quoting input) must not forge log
 * lines or drive a terminal: control characters (C0, DEL, C1), line and paragraph separators and
 * bidirectional overrides are written as visible `\u{…}` escapes. Linear, one pass.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/;

export function escapeControlCharacters(text: string): string {
  // Almost every logged text is clean: answer it as it is without copying it character by character.
  if (!UNSAFE_CHARACTER.test(text)) return text;
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const unsafe =
      code < 0x20 ||
      (code >= 0x7f && code <= 0x9f) ||
      code === 0x2028 ||
      code === 0x2029 ||
      (code >= 0x202a && code <= 0x202e) ||
      (code >= 0x2066 && code <= 0x2069);
    out += unsafe ? `\\u{${code.toString(16)}}` : char;
  }
  return out;
}
