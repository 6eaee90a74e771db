import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogDestination } from './create-log-destination';

describe('log destination', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nocturne-log-'));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the lines of one event-loop turn together, at the end of that turn', async () => {
    const file = path.join(dir, 'log.jsonl');
    const fd = openSync(file, 'w');
    try {
      const destination = createLogDestination(fd);
      destination.write('{"n":1}\n');
      destination.write('{"n":2}\n');
      expect(readFileSync(file, 'utf8')).toBe('');
      await new Promise((resolve) => setImmediate(resolve));
      expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
      destination.write('{"n":3}\n');
      await new Promise((resolve) => setImmediate(resolve));
      expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
    } finally {
      closeSync(fd);
    }
  });

  it('writes what is left when the process exits at once', () => {
    const script = [
      `import { createLogDestination } from ${JSON.stringify(path.resolve(import.meta.dirname, 'create-log-destination.ts'))};`,
      `createLogDestination(1).write('{"msg":"last words"}\\n');`,
      'process.exit(3);',
    ].join('\n');
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    expect(child.status).toBe(3);
    expect(child.stdout).toBe('{"msg":"last words"}\n');
  });
});
