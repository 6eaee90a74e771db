// The production server (`npm run serve`) on a free port with a throwaway DATA_DIR.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server at ${url} did not answer /health within ${timeoutMs} ms`);
}

export async function startServer(repoRoot) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nocturne-bench-'));
  const url = `http://localhost:${port}`;
  // `env` adds the server's settings to the inherited environment.
  const settings = [`PORT=${port}`, `DATA_DIR=${dataDir}`, `PUBLIC_URL=${url}`];
  const child = spawn('env', [...settings, 'npm', 'run', 'serve', '--silent'], {
    cwd: repoRoot,
    stdio: 'ignore',
    // Its own process group, so stopping it also stops the node process npm starts.
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, 90_000);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, dataDir, stop };
}
