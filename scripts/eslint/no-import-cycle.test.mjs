import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { noImportCycle, noModuleCycle } from './no-import-cycle.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** A folder of source files on disk: the rules read the files a file imports from there. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-cycles-'));
after(() => fs.rmSync(root, { recursive: true, force: true }));
function write(relative, text) {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

write('types/a.ts', "import type { B } from './b';\nexport interface A { b?: B }\n");
write('types/b.ts', "import type { A } from './a';\nexport interface B { a?: A }\n");
write('plain/c.ts', "import { d } from './d';\nexport const c = d;\n");
write('plain/d.ts', 'export const d = 1;\n');

tester.run('no-import-cycle', noImportCycle, {
  valid: [
    {
      filename: path.join(root, 'plain/c.ts'),
      code: fs.readFileSync(path.join(root, 'plain/c.ts'), 'utf8'),
    },
  ],
  invalid: [
    {
      // A circle closed only by `import type` counts.
      filename: path.join(root, 'types/a.ts'),
      code: fs.readFileSync(path.join(root, 'types/a.ts'), 'utf8'),
      errors: [{ messageId: 'cycle' }],
    },
  ],
});

const modules = path.join(root, 'modules');
write('modules/low/low.ts', "import { high } from '../high/high';\nexport const low = high;\n");
write('modules/high/high.ts', 'export const high = 1;\n');
write('modules/high/uses-low.ts', "import { low } from '../low/low';\nexport const both = low;\n");
write('modules/high/high.test.ts', "import { low } from '../low/low';\nexport const seen = low;\n");
write('modules/base/base.ts', 'export const base = 1;\n');
write('modules/top/top.ts', "import { base } from '../base/base';\nexport const top = base;\n");

tester.run('no-module-cycle', noModuleCycle, {
  valid: [
    {
      filename: path.join(modules, 'top/top.ts'),
      code: fs.readFileSync(path.join(modules, 'top/top.ts'), 'utf8'),
      options: [{ modules }],
    },
    {
      // Tests may import any module.
      filename: path.join(modules, 'high/high.test.ts'),
      code: fs.readFileSync(path.join(modules, 'high/high.test.ts'), 'utf8'),
      options: [{ modules }],
    },
  ],
  invalid: [
    {
      // Different files of the two modules close the circle.
      filename: path.join(modules, 'high/uses-low.ts'),
      code: fs.readFileSync(path.join(modules, 'high/uses-low.ts'), 'utf8'),
      options: [{ modules }],
      errors: [{ messageId: 'cycle' }],
    },
  ],
});
