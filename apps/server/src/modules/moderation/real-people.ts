import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../../lib/server-root';

/** A names file: one name a line, blank lines and `#` comments ignored. */
export function parseNamesFile(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
}

export function readNamesFile(file: string): string[] {
  return parseNamesFile(readFileSync(file, 'utf8'));
}

/**
 * The shipped list of well-known real people (real-people.txt beside this file, found from the
 * package root so the bundled server reads the same file).
 */
export const DEFAULT_REAL_PEOPLE: readonly string[] = readNamesFile(
  path.join(SERVER_ROOT, 'src/modules/moderation/real-people.txt'),
);
