/**
 * The words of a limited text field: its count once it nears the limit, and the limit in its
 * error. A field never cuts what is typed or pasted at its limit: it says so and refuses it.
 */

/** The share of its limit from which a field shows its count. */
const NEAR_LIMIT_SHARE = 0.8;

function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/** Whether a field holding `length` characters shows its count. */
export function isNearLimit(length: number, max: number): boolean {
  return length >= Math.ceil(max * NEAR_LIMIT_SHARE);
}

/** "950 / 1,000 characters". */
export function characterCountText(length: number, max: number): string {
  return `${formatCount(length)} / ${formatCount(max)} characters`;
}

/** "The prompt can be at most 1,000 characters (it has 1,024)." */
export function lengthLimitMessage(subject: string, max: number, length?: number): string {
  const has = length === undefined ? '' : ` (it has ${formatCount(length)})`;
  return `${subject} can be at most ${formatCount(max)} characters${has}.`;
}
