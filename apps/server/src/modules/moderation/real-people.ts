import { readFileSync } from 'node:fs';

/** A names file: one name a line, blank lines and `#` comments ignored. */
export function parseNamesFile(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
}

export function readNamesFile(file: string | URL): string[] {
  return parseNamesFile(readFileSync(file, 'utf8'));
}

/** The shipped list of well-known real people (real-people.txt beside this file). */
export const DEFAULT_REAL_PEOPLE: readonly string[] = readNamesFile(
  new URL('./real-people.txt', import.meta.url),
);
