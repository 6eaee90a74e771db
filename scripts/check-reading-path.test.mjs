// node --test scripts/check-reading-path.test.mjs
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { checkReadingPath, countWords, WORD_LIMIT } from './check-reading-path.mjs';

const roots = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

const words = (n) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

/** A tree whose README states `stated` words for itself plus guide/a.md of `docWords`. */
function tree({ docWords, statedDoc, statedTotal }) {
  const root = mkdtempSync(path.join(tmpdir(), 'reading-path-'));
  roots.push(root);
  mkdirSync(path.join(root, 'guide'));
  writeFileSync(path.join(root, 'guide/a.md'), words(docWords));
  const readme = (readmeWords) =>
    [
      '# Project',
      '',
      '## Learning the codebase in an hour',
      '',
      `In all: **${statedTotal ?? '0'} words**.`,
      '',
      '| | read | words |',
      '| --- | --- | ---: |',
      `| 1 | [README.md](#project) | ${readmeWords} |`,
      `| 2 | [guide/a.md](guide/a.md) | ${statedDoc.toLocaleString('en')} |`,
      '',
      '## Next',
      '',
    ].join('\n');
  // The README counts its own table: written twice, so the count it states is its own.
  writeFileSync(path.join(root, 'README.md'), readme(0));
  const own = countWords(readFileSync(path.join(root, 'README.md'), 'utf8'));
  writeFileSync(path.join(root, 'README.md'), readme(own));
  return { root, own };
}

test('a path whose counts are true and under the limit passes', () => {
  const { root } = tree({ docWords: 1000, statedDoc: 1000, statedTotal: '1,060' });
  assert.deepEqual(checkReadingPath(root), []);
});

test('a stated count far from the file fails, naming the file', () => {
  const { root } = tree({ docWords: 1000, statedDoc: 500, statedTotal: '1,060' });
  assert.match(checkReadingPath(root).join('\n'), /guide\/a\.md: 1000 words, the README says 500/);
});

test('a path over the limit fails even when its counts are true', () => {
  const big = WORD_LIMIT + 10;
  const { root } = tree({ docWords: big, statedDoc: big, statedTotal: String(big + 60) });
  assert.match(checkReadingPath(root).join('\n'), /over the 25000/);
});
