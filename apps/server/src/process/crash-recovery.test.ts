import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import '../../test/provided-context';
import { freePort } from '../../test/free-port';
import { bundledServerFile } from '../../test/server-bundle';

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, [bundledServerFile('main')], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
}

async function waitForHealth(base: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${base} never became healthy`);
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/**
 * The embedded default must not lose what it acknowledged when the process dies without warning:
 * a real server process on PGlite is killed with SIGKILL right after answering, then restarted
 * on the same DATA_DIR.
 */
describe.runIf(inject('databaseKind') === 'pglite')('crash recovery on PGlite', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'nocturne-crash-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null) await killHard(child);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps an acknowledged sign-up across SIGKILL and restart', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const origin = { origin: `http://localhost:${port}`, 'content-type': 'application/json' };
    const email = 'survivor@example.test';

    child = startServer(port, dataDir);
    await waitForHealth(base);
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({
        name: 'Survivor',
        email,
        password: 'correct horse battery',
        ageConfirmed: true,
      }),
    });
    expect(signUp.status).toBe(200);
    await killHard(child);

    child = startServer(port, dataDir);
    await waitForHealth(base);
    // The account is still there: signing in is refused only because the email is unconfirmed.
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ email, password: 'correct horse battery' }),
    });
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });
});
