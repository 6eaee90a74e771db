/**
 * A LIKE pattern that finds `text` anywhere: `%`, `_` and the escape character itself match
 * literally (PostgreSQL's default ESCAPE is `\`).
 */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
