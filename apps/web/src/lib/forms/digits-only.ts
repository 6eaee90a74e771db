/** What a code field keeps of a keystroke or a paste: its digits, at most `length` of them. */
export function digitsOnly(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length);
}
