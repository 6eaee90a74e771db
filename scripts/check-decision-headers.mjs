#!/usr/bin/env node
/**
 * Fails when a decision record under docs/decisions/ (or its archive/) is not what a reader relies
 * on: the header directly under its title (`Status: … · Date: YYYY-MM-DD`), a status in one of the
 * three forms, superseding decisions that exist, the folder its status calls for (a wholly
 * superseded record in archive/, every other one beside the index), and a row in the index
 * (docs/decisions/README.md) with the same link and status. A number without a record must be
 * listed as missing in the index, and a number listed as missing must have no record. Plain Node,
 * run by `npm run lint`; `node scripts/check-decision-headers.mjs [root]` checks another tree.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DECISIONS = 'docs/decisions';
const ARCHIVE = `${DECISIONS}/archive`;
const INDEX = `${DECISIONS}/README.md`;
const RECORD_NAME = /^(\d{3})-[\w-]+\.md$/;
const HEADER = /^Status: (.+) · Date: (\d{4}-\d{2}-\d{2})$/;
/** Numbers as a status writes them: "047", "047 and 070", "012, 015 and 041". */
const NUMBERS = String.raw`\d{3}(?:(?:, | and )\d{3})*`;
const STATUS_FORMS = [
  { kind: 'accepted', pattern: /^accepted$/ },
  { kind: 'superseded', pattern: new RegExp(`^superseded by (${NUMBERS})$`) },
  {
    kind: 'in part',
    pattern: new RegExp(`^accepted, in part superseded by (${NUMBERS}) \\(.+\\)$`),
  },
];
/** In the index the part superseded may be left out: the record says which. */
const INDEX_STATUS_FORMS = [
  ...STATUS_FORMS.slice(0, 2),
  { kind: 'in part', pattern: new RegExp(`^(?:accepted, )?in part superseded by (${NUMBERS})`) },
];

/**
 * What a status says: its kind and the decisions it names, or undefined when it is none of the
 * forms. Several numbers are sorted, so "070 and 047" and "047 and 070" compare equal.
 */
export function parseStatus(text, forms = STATUS_FORMS) {
  for (const { kind, pattern } of forms) {
    const match = pattern.exec(text.trim());
    if (match) return { kind, by: (match[1]?.match(/\d{3}/g) ?? []).sort() };
  }
  return undefined;
}

/** The header of one record's text: { title, status, date }, or { problem }. */
export function parseHeader(text) {
  const lines = text.split('\n');
  const title = lines[0] ?? '';
  if (!/^# \d{3}\b/.test(title)) return { problem: 'the first line is not "# NNN …", its title' };
  const header = lines.slice(1).find((line) => line.trim() !== '') ?? '';
  const match = HEADER.exec(header.trim());
  if (!match) return { problem: 'no "Status: … · Date: YYYY-MM-DD" line under the title' };
  const [, status, date] = match;
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return { problem: `no such date ${date}` };
  return { title, status, date };
}

/** Every record in both folders: { number, file (relative to root), archived }. */
export function listDecisions(root) {
  return [DECISIONS, ARCHIVE].flatMap((folder) => {
    const dir = path.join(root, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((name) => RECORD_NAME.test(name))
      .map((name) => ({
        number: name.slice(0, 3),
        file: `${folder}/${name}`,
        archived: folder === ARCHIVE,
      }));
  });
}

/**
 * The index's rows: a record's row starts `| [NNN](link) |` and has its status in the third cell;
 * a missing number's row starts `| NNN |`.
 */
export function readIndex(text) {
  const rows = new Map();
  const missing = new Set();
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || cells[0] !== '') continue;
    const record = /^\[(\d{3})\]\(([^)\s]+)\)$/.exec(cells[1]);
    if (record) rows.set(record[1], { link: record[2], status: cells[3] });
    else if (/^\d{3}$/.test(cells[1])) missing.add(cells[1]);
  }
  return { rows, missing };
}

/** Why one record's header does not hold, as sentences. */
function headerProblems(record, header, numbers) {
  if (header.problem) return [header.problem];
  const status = parseStatus(header.status);
  if (!status) {
    return [
      `status "${header.status}" is none of: accepted; superseded by NNN; accepted, in part superseded by NNN (the part)`,
    ];
  }
  const problems = status.by
    .filter((number) => !numbers.has(number))
    .map((number) => `superseded by ${number}, which has no record`);
  if (status.by.includes(record.number)) problems.push('superseded by itself');
  if (status.kind === 'superseded' && !record.archived) {
    problems.push(`wholly superseded: it belongs in ${ARCHIVE}/`);
  }
  if (status.kind !== 'superseded' && record.archived) {
    problems.push(`in force: it belongs in ${DECISIONS}/, not the archive`);
  }
  return problems;
}

/** Why one record's row in the index does not match it. */
function indexProblems(record, header, index) {
  const row = index.rows.get(record.number);
  if (!row) return [`not in the index (${INDEX})`];
  const expected = path.relative(DECISIONS, record.file);
  const problems = row.link === expected ? [] : [`the index links ${row.link}, not ${expected}`];
  const listed = parseStatus(row.status, INDEX_STATUS_FORMS);
  const own = header.status && parseStatus(header.status);
  const same = listed && own && listed.kind === own.kind && listed.by.join() === own.by.join();
  if (own && !same) problems.push(`the index says "${row.status}", the record "${header.status}"`);
  return problems;
}

/** Numbers between 001 and the highest that have no record and no "missing" row, and the reverse. */
function numberingProblems(numbers, index) {
  const highest = Math.max(0, ...[...numbers].map(Number));
  const problems = [];
  for (let number = 1; number <= highest; number += 1) {
    const padded = String(number).padStart(3, '0');
    if (!numbers.has(padded) && !index.missing.has(padded)) {
      problems.push({
        file: INDEX,
        reason: `${padded} has no record and is not listed as missing`,
      });
    }
  }
  for (const padded of index.missing) {
    if (numbers.has(padded)) {
      problems.push({ file: INDEX, reason: `${padded} is listed as missing but has a record` });
    }
  }
  return problems;
}

/** Every problem under `root`: { file, reason }. */
export function checkDecisions(root) {
  const records = listDecisions(root);
  const numbers = new Set(records.map((record) => record.number));
  const indexPath = path.join(root, INDEX);
  const index = existsSync(indexPath)
    ? readIndex(readFileSync(indexPath, 'utf8'))
    : { rows: new Map(), missing: new Set() };
  const seen = new Map();
  const problems = [];
  for (const record of records) {
    if (seen.has(record.number)) {
      problems.push({
        file: record.file,
        reason: `number also used by ${seen.get(record.number)}`,
      });
    }
    seen.set(record.number, record.file);
    const header = parseHeader(readFileSync(path.join(root, record.file), 'utf8'));
    const reasons = [
      ...headerProblems(record, header, numbers),
      ...indexProblems(record, header, index),
    ];
    problems.push(...reasons.map((reason) => ({ file: record.file, reason })));
  }
  return [...problems, ...numberingProblems(numbers, index)];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(process.argv[1]), '..'));
  const problems = checkDecisions(root);
  for (const { file, reason } of problems) console.error(`${file}: ${reason}`);
  if (problems.length > 0) {
    console.error(`${problems.length} decision record problem(s).`);
    process.exit(1);
  }
  console.log('Every decision record has its header and its row in the index.');
}
