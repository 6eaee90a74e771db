// node --test scripts/check-doc-references.test.mjs
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { checkTree, headingAnchors } from './check-doc-references.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'doc-references-'));
after(() => rmSync(root, { recursive: true, force: true }));

function write(file, text) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

execFileSync('git', ['init', '-q'], { cwd: root });
write('docs/decisions/004-credit-ledger.md', '# 004\n');
write('docs/decisions/008-realtime.md', '# 008\n');
write('docs/architecture.md', '# Architecture\n\n## The queue\n\n## Money\n');
write('docs/performance.md', "# Performance\n\n### The dashboard's largest paint\n");
write('apps/server/README.md', '# Server\n');
write(
  'README.md',
  [
    'See [architecture](docs/architecture.md#the-queue) and [perf](docs/performance.md).',
    'Decision 004, decisions 004 and 008, ADR 8, docs/decisions/004-credit-ledger.md.',
    'Anchor [paint](docs/performance.md#the-dashboards-largest-paint), [self](#readme).',
    'A link [out](https://example.com/x.md) and `apps/server/README.md`.',
    'Broken: [gone](docs/gone.md), decision 031, decisions 004, 029 and 033, ADRs 008–044.',
    'Broken: docs/decisions/031-measured.md, docs/architecture.md#nowhere, ARCHITECTURE.md.',
    'Broken: docs/decisions/004-credits.md, [rel](decisions/008-realtime.md).',
    '',
  ].join('\n'),
);
write(
  'apps/server/src/a.ts',
  '// See ARCHITECTURE.md: Queue and docs/performance.md#nope (ADR 12).\n',
);
write('apps/server/package.json', '{}\n');
write('apps/server/bench/results/api.md', '# API\n');
write(
  'apps/server/src/b.ts',
  '// bench/results/api.md, README.md, bench/results/gone.md, CONVENTIONS.md #6\n',
);
write('ignored/.gitignore', '*\n');
write('ignored/b.md', 'decision 999\n');

test('lists every reference that does not resolve, and only those', () => {
  const broken = checkTree(root).map(({ file, line, reference }) => `${file}:${line} ${reference}`);
  assert.deepEqual(broken.sort(), [
    'README.md:3 #readme',
    'README.md:5 ADRs 008–044 (044)',
    'README.md:5 decision 031 (031)',
    'README.md:5 decisions 004, 029 and 033 (029)',
    'README.md:5 decisions 004, 029 and 033 (033)',
    'README.md:5 docs/gone.md',
    'README.md:6 ARCHITECTURE.md',
    'README.md:6 docs/architecture.md#nowhere',
    'README.md:6 docs/decisions/031-measured.md',
    'README.md:7 decisions/008-realtime.md',
    'README.md:7 docs/decisions/004-credits.md',
    'apps/server/src/a.ts:1 ADR 12 (12)',
    'apps/server/src/a.ts:1 ARCHITECTURE.md',
    'apps/server/src/a.ts:1 docs/performance.md#nope',
    'apps/server/src/b.ts:1 CONVENTIONS.md',
    'apps/server/src/b.ts:1 bench/results/gone.md',
  ]);
});

test('anchors follow GitHub: punctuation dropped, spaces to hyphens, repeats numbered', () => {
  const anchors = headingAnchors("# A b\n## The dashboard's paint\n## A b\n```\n# not\n```\n");
  assert.deepEqual([...anchors], ['a-b', 'the-dashboards-paint', 'a-b-1']);
});

test('a decision cited by number may be archived; a path names the folder the record is in', () => {
  const tree = mkdtempSync(path.join(tmpdir(), 'doc-references-archive-'));
  after(() => rmSync(tree, { recursive: true, force: true }));
  const put = (file, text) => {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), text);
  };
  execFileSync('git', ['init', '-q'], { cwd: tree });
  put('docs/decisions/008-realtime.md', '# 008\n');
  put('docs/decisions/archive/006-relay.md', '# 006\n\n[008](../008-realtime.md)\n');
  put(
    'README.md',
    [
      'Decision 006, decisions 006 and 008, docs/decisions/archive/006-relay.md.',
      'Broken: docs/decisions/006-relay.md, decision 007.',
      '',
    ].join('\n'),
  );
  const broken = checkTree(tree).map(({ file, line, reference }) => `${file}:${line} ${reference}`);
  assert.deepEqual(broken.sort(), [
    'README.md:2 decision 007 (007)',
    'README.md:2 docs/decisions/006-relay.md',
  ]);
});
