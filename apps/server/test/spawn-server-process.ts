import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Role } from '../src/parse-role';
import { bundledServerFile } from './server-bundle';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
/** Enough of each process's log to explain a failure without flooding the report. */
const KEPT_OUTPUT_CHARS = 20_000;

export interface ServerProcess {
  readonly name: string;
  readonly pid: number | undefined;
  hasExited(): boolean;
  /** What the process wrote to stdout and stderr (the tail), for failure reports. */
  output(): string;
  /**
   * SIGTERM, then SIGKILL if it has not exited after `graceMs`. Resolves with its exit code, or
   * with the signal that ended it ('SIGKILL' means it ignored the graceful shutdown).
   */
  stop(graceMs?: number): Promise<number | NodeJS.Signals | null>;
  /** SIGKILL at once, as a crash or a lost machine would end it: no shutdown code runs. */
  kill(): Promise<number | NodeJS.Signals | null>;
}

/**
 * How the process runs: the bundle the test run's global setup made (server-bundle.ts), or the
 * one `npm run build` wrote (the benchmarks, outside vitest).
 */
const ENTRY_ARGS = {
  bundled: () => ['--enable-source-maps', bundledServerFile('main')],
  built: () => ['--enable-source-maps', 'dist/main.js'],
} as const;

/**
 * `node <the test run's bundle of src/main.ts> --role=<role>`, as `npm start` runs dist/main.js,
 * with only the variables given (and PATH): nothing of the test runner's environment leaks in.
 * The benchmarks run the built bundle (`entry: 'built'`) with extra node flags such as --cpu-prof.
 */
export function spawnServerProcess(options: {
  name: string;
  role: Role;
  env: Record<string, string>;
  entry?: keyof typeof ENTRY_ARGS;
  nodeFlags?: string[];
}): ServerProcess {
  const child = spawn(
    process.execPath,
    [
      ...(options.nodeFlags ?? []),
      ...ENTRY_ARGS[options.entry ?? 'bundled'](),
      `--role=${options.role}`,
    ],
    {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-KEPT_OUTPUT_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal)),
  );
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    name: options.name,
    pid: child.pid,
    hasExited,
    output: () => `--- ${options.name} (pid ${child.pid}) ---\n${output}`,
    async kill() {
      if (!hasExited()) child.kill('SIGKILL');
      return exited;
    },
    async stop(graceMs = 5_000) {
      if (!hasExited()) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Polls GET /health until 200; fails early, with the process's output, if it exits first. */
export async function waitForHealth(
  server: ServerProcess,
  baseUrl: string,
  timeoutMs = 45_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !server.hasExited()) {
    const ok = await fetch(`${baseUrl}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${server.name} at ${baseUrl} did not become healthy\n${server.output()}`);
}
