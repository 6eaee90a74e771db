// node --test scripts/check-decision-headers.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { checkDecisions, parseHeader, parseStatus } from './check-decision-headers.mjs';

const roots = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A tree holding `files` (path → text). */
function tree(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'decision-headers-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const record = (title, status, date = '2026-11-21') =>
  `# ${title}\n\nStatus: ${status} · Date: ${date}\n\n## Context\n`;

const index = (rows) =>
  [
    '# Decision records',
    '',
    '| number | title | status | line |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');

const sound = {
  'docs/decisions/001-one.md': record('001 — One', 'accepted'),
  'docs/decisions/003-three.md': record(
    '003: Three',
    'accepted, in part superseded by 004 (the second half)',
  ),
  'docs/decisions/004-four.md': record('004 — Four', 'accepted'),
  'docs/decisions/archive/005-five.md': record('005 — Five', 'superseded by 001 and 004'),
  'docs/decisions/README.md': index([
    '| [001](001-one.md) | One | accepted | one |',
    '| 002 | (no record) | — | never written |',
    '| [003](003-three.md) | Three | accepted, in part superseded by 004 | three |',
    '| [004](004-four.md) | Four | accepted | four |',
    '| [005](archive/005-five.md) | Five | superseded by 004 and 001 | five |',
  ]),
};

test('a tree whose records all have their header, folder and index row passes', () => {
  assert.deepEqual(checkDecisions(tree(sound)), []);
});

test('a record without the header, with another status, or naming no record fails', () => {
  const root = tree({
    ...sound,
    'docs/decisions/001-one.md': '# 001 — One\n\n**Status: Accepted**\n',
    'docs/decisions/004-four.md': record('004 — Four', 'replaced by docs/performance.md'),
    'docs/decisions/006-six.md': record('006 — Six', 'accepted, in part superseded by 009 (all)'),
    'docs/decisions/007-seven.md': record('007 — Seven', 'superseded by 001'),
    'docs/decisions/archive/008-eight.md': record('008 — Eight', 'accepted', '2026-13-40'),
    'docs/decisions/README.md': index([
      '| [001](001-one.md) | One | accepted | one |',
      '| 002 | (no record) | — | never written |',
      '| [003](003-three.md) | Three | accepted | three |',
      '| [004](004-four.md) | Four | accepted | four |',
      '| [005](005-five.md) | Five | superseded by 001 and 004 | five |',
      '| [006](006-six.md) | Six | accepted, in part superseded by 009 | six |',
      '| 007 | (no record) | — | never written |',
    ]),
  });
  const problems = checkDecisions(root).map(({ file, reason }) => `${file}: ${reason}`);
  assert.deepEqual(problems.sort(), [
    'docs/decisions/001-one.md: no "Status: … · Date: YYYY-MM-DD" line under the title',
    'docs/decisions/003-three.md: the index says "accepted", the record "accepted, in part superseded by 004 (the second half)"',
    'docs/decisions/004-four.md: status "replaced by docs/performance.md" is none of: accepted; superseded by NNN; accepted, in part superseded by NNN (the part)',
    'docs/decisions/006-six.md: superseded by 009, which has no record',
    'docs/decisions/007-seven.md: not in the index (docs/decisions/README.md)',
    'docs/decisions/007-seven.md: wholly superseded: it belongs in docs/decisions/archive/',
    'docs/decisions/README.md: 007 is listed as missing but has a record',
    'docs/decisions/archive/005-five.md: the index links 005-five.md, not archive/005-five.md',
    'docs/decisions/archive/008-eight.md: no such date 2026-13-40',
    'docs/decisions/archive/008-eight.md: not in the index (docs/decisions/README.md)',
  ]);
});

test('a gap in the numbers must be listed as missing in the index', () => {
  const root = tree({
    ...sound,
    'docs/decisions/README.md': index([
      '| [001](001-one.md) | One | accepted | one |',
      '| [003](003-three.md) | Three | accepted, in part superseded by 004 | three |',
      '| [004](004-four.md) | Four | accepted | four |',
      '| [005](archive/005-five.md) | Five | superseded by 004 and 001 | five |',
    ]),
  });
  assert.deepEqual(checkDecisions(root), [
    { file: 'docs/decisions/README.md', reason: '002 has no record and is not listed as missing' },
  ]);
});

test('an archived record still in force, and a number used twice, fail', () => {
  const root = tree({
    ...sound,
    'docs/decisions/archive/004-four-again.md': record('004 — Four again', 'accepted'),
  });
  const problems = checkDecisions(root).map(({ file, reason }) => `${file}: ${reason}`);
  assert.deepEqual(problems.sort(), [
    'docs/decisions/archive/004-four-again.md: in force: it belongs in docs/decisions/, not the archive',
    'docs/decisions/archive/004-four-again.md: number also used by docs/decisions/004-four.md',
    'docs/decisions/archive/004-four-again.md: the index links 004-four.md, not archive/004-four-again.md',
  ]);
});

test('the three status forms, and nothing else', () => {
  assert.deepEqual(parseStatus('accepted'), { kind: 'accepted', by: [] });
  assert.deepEqual(parseStatus('superseded by 076'), { kind: 'superseded', by: ['076'] });
  assert.deepEqual(parseStatus('accepted, in part superseded by 070 and 047 (the wake-up)'), {
    kind: 'in part',
    by: ['047', '070'],
  });
  assert.equal(parseStatus('Accepted'), undefined);
  assert.equal(parseStatus('accepted, in part superseded by 077'), undefined);
  assert.equal(parseStatus('superseded in part by 048'), undefined);
  assert.equal(parseStatus('replaced by docs/performance.md'), undefined);
});

test('the header is the first line under the title', () => {
  assert.deepEqual(parseHeader(record('001 — One', 'accepted')), {
    title: '# 001 — One',
    status: 'accepted',
    date: '2026-11-21',
  });
  assert.match(parseHeader('# One\n\nStatus: accepted · Date: 2026-11-21\n').problem, /title/);
  assert.match(
    parseHeader('# 001 — One\n\nIssue 3\n\nStatus: accepted · Date: 2026-11-21\n').problem,
    /no "Status/,
  );
});

test('the command exits non-zero and names each problem', () => {
  const root = tree({ ...sound, 'docs/decisions/001-one.md': '# 001 — One\n' });
  const script = path.join(
    path.dirname(new URL(import.meta.url).pathname),
    'check-decision-headers.mjs',
  );
  assert.throws(
    () => execFileSync('node', [script, root], { stdio: 'pipe' }),
    (error) => error.status === 1 && /001-one\.md: no "Status/.test(String(error.stderr)),
  );
});
