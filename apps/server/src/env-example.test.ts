import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envVariables } from './env';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const EXAMPLE = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8').split('\n');
const WEB_ENV = readFileSync(path.join(REPO_ROOT, 'apps/web/src/config/env.ts'), 'utf8');
/** Set by npm for every script, never by a person. */
const NOT_DOCUMENTED = new Set(['INIT_CWD']);

const ASSIGNMENT = /^([A-Z][A-Z0-9_]*)=(.*)$/;
const entries = EXAMPLE.flatMap((line, index) => {
  const match = ASSIGNMENT.exec(line);
  return match ? [{ name: match[1]!, value: match[2]!, comment: EXAMPLE[index - 1] ?? '' }] : [];
});
const serverEntries = entries.filter((entry) => !entry.name.startsWith('VITE_'));
const fields = envVariables.shape as Record<
  string,
  (typeof envVariables.shape)[keyof typeof envVariables.shape]
>;

describe('.env.example, the one table of variables', () => {
  it('names exactly the variables env.ts reads', () => {
    const documented = serverEntries.map((entry) => entry.name).sort();
    const read = Object.keys(fields)
      .filter((name) => !NOT_DOCUMENTED.has(name))
      .sort();
    expect(documented).toEqual(read);
  });

  it('names each once, after one comment line saying what it does', () => {
    const names = entries.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of entries) expect(entry.comment, entry.name).toMatch(/^# \S/);
    // A commented-out assignment would be a variable the comparison above cannot see.
    expect(EXAMPLE.filter((line) => /^#\s*[A-Z][A-Z0-9_]*=/.test(line))).toEqual([]);
  });

  it("gives env.ts's default for every variable (empty where env.ts has none)", () => {
    for (const { name, value } of serverEntries) {
      const field = fields[name]!;
      expect(field.parse(value), name).toEqual(field.parse(undefined));
    }
  });

  it('lists web build variables only when the web env reads them', () => {
    for (const entry of entries.filter((item) => item.name.startsWith('VITE_'))) {
      expect(WEB_ENV, entry.name).toContain(`import.meta.env.${entry.name}`);
    }
  });
});
