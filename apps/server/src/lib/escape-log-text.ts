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

/**
 * A logged object's strings escaped, a few levels deep. Only plain objects and arrays are
 * copied: errors, requests and other instances go to their serializers untouched.
 */
export function escapeLoggedValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return escapeControlCharacters(value);
  if (depth >= 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => escapeLoggedValue(item, depth + 1));
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = escapeLoggedValue(item, depth + 1);
  return out;
}
