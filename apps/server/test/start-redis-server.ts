import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { freePort } from './free-port';

export const REDIS_SERVER_BIN = '/usr/bin/redis-server';

/** Debian's redis-server (CI installs it); tests needing it skip with a message without it. */
export const hasRedisServer = existsSync(REDIS_SERVER_BIN);

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface RedisServer {
  url: string;
  port: number;
  /** SIGSTOP / SIGCONT: a server that hangs instead of going away. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

/**
 * A throwaway redis-server keeping nothing on disk, on a free port or on `port` (a restart where
 * the clients of a stopped one reconnect).
 */
export async function startRedisServer(options: { port?: number } = {}): Promise<RedisServer> {
  const port = options.port ?? (await freePort());
  const child = spawn(
    REDIS_SERVER_BIN,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
