import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_FLUSH_AFTER_MS, createLogDestination } from './create-log-destination';

describe('log destination', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nocturne-log-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the lines written within LOG_FLUSH_AFTER_MS together, once that time has passed', async () => {
    const file = path.join(dir, 'log.jsonl');
    const fd = openSync(file, 'w');
    try {
      const destination = createLogDestination(fd);
      destination.write('{"n":1}\n');
      destination.write('{"n":2}\n');
      await new Promise((resolve) => setImmediate(resolve));
      // Later turns of the loop join the same batch.
      destination.write('{"n":3}\n');
      expect(readFileSync(file, 'utf8')).toBe('');
      await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_AFTER_MS + 10));
      expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n');
      destination.write('{"n":4}\n');
      await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_AFTER_MS + 10));
      expect(readFileSync(file, 'utf8')).toBe('{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n');
    } finally {
      closeSync(fd);
    }
  });

  it('writes a batch at once when it reaches 8 KiB, and the rest after LOG_FLUSH_AFTER_MS', async () => {
    const file = path.join(dir, 'busy.jsonl');
    const fd = openSync(file, 'w');
    try {
      const destination = createLogDestination(fd);
      const line = `{"pad":"${'x'.repeat(1000)}"}\n`;
      for (let index = 0; index < 7; index += 1) destination.write(line);
      expect(readFileSync(file, 'utf8')).toBe('');
      destination.write(line);
      destination.write(line);
      expect(readFileSync(file, 'utf8').length).toBeGreaterThanOrEqual(8 * 1024);
      // The line past the batch waits for the timer (which must run before the file is closed).
      await new Promise((resolve) => setTimeout(resolve, LOG_FLUSH_AFTER_MS + 10));
      expect(readFileSync(file, 'utf8')).toBe(line.repeat(9));
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
