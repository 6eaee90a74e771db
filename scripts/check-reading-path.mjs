#!/usr/bin/env node
/**
 * Keeps the newcomer's reading path honest: the README's "Learning the codebase in an hour"
 * table names what a newcomer reads, with each row's word count and the total. Fails when the
 * files' words (counted as `wc -w` counts them) pass the limit, or when a stated count is more
 * than 5 % off what the files hold. Plain Node, run by `npm run lint`;
 * `node scripts/check-reading-path.mjs [root]` checks another tree.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WORD_LIMIT = 25_000;
const SECTION = '## Learning the codebase in an hour';
const TOLERANCE = 0.05;

export const countWords = (text) => text.split(/\s+/).filter(Boolean).length;
const number = (text) => Number(text.replaceAll(',', ''));

/** The section's rows: the files each links (an anchor alone is the README) and its stated words. */
export function readPath(readme) {
  const start = readme.indexOf(SECTION);
  if (start < 0) return undefined;
  const end = readme.indexOf('\n## ', start + SECTION.length);
  const section = readme.slice(start, end < 0 ? undefined : end);
  const total = section.match(/\*\*([\d,]+) words\*\*/);
  const rows = section
    .split('\n')
    .filter((line) => /^\|\s*\d+\s*\|/.test(line))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      const files = [...cells[2].matchAll(/\]\(([^)]+)\)/g)].map(([, target]) =>
        target.startsWith('#') ? 'README.md' : target.split('#')[0],
      );
      return { files, stated: number(cells[3]) };
    });
  return { rows, stated: total ? number(total[1]) : undefined };
}

export function checkReadingPath(root) {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const read = readPath(readme);
  if (!read) return [`README.md has no "${SECTION}" section`];
  const problems = [];
  let actual = 0;
  for (const row of read.rows) {
    const words = row.files.reduce(
      (sum, file) => sum + countWords(readFileSync(path.join(root, file), 'utf8')),
      0,
    );
    actual += words;
    if (Math.abs(words - row.stated) > TOLERANCE * words) {
      problems.push(`${row.files.join(', ')}: ${words} words, the README says ${row.stated}`);
    }
  }
  if (read.stated === undefined) problems.push('the reading path states no total');
  else if (Math.abs(actual - read.stated) > TOLERANCE * actual) {
    problems.push(`the reading path holds ${actual} words, the README says ${read.stated}`);
  }
  if (actual > WORD_LIMIT) {
    problems.push(
      `the reading path holds ${actual} words, over the ${WORD_LIMIT} a newcomer's hour allows`,
    );
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const problems = checkReadingPath(root);
  for (const problem of problems) console.error(`reading path: ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}
