export interface DiffLine {
  key: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

/** A value as one readable line: strings bare ("(empty)" for none), the rest as compact JSON. */
function show(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The audit row's before and after as key → value lines, keys in the order they first appear;
 * a value that is not an object shows under the key "value". Nested objects flatten to
 * dotted keys so a changed setting reads `announcement.level: info → warning`.
 */
export function auditDiff(before: unknown, after: unknown): DiffLine[] {
  const flat = (value: unknown): Map<string, unknown> => {
    const lines = new Map<string, unknown>();
    const walk = (node: unknown, prefix: string) => {
      if (isRecord(node) && Object.keys(node).length > 0) {
        for (const [key, child] of Object.entries(node)) {
          walk(child, prefix ? `${prefix}.${key}` : key);
        }
      } else if (node !== null && node !== undefined) {
        lines.set(prefix || 'value', node);
      }
    };
    walk(value, '');
    return lines;
  };
  const was = flat(before);
  const is = flat(after);
  const keys = [...new Set([...was.keys(), ...is.keys()])];
  return keys.map((key) => {
    const from = show(was.get(key));
    const to = show(is.get(key));
    return { key, before: from, after: to, changed: from !== to };
  });
}
