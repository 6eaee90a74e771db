import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

const PG_BIN_DIR = '/usr/lib/postgresql/15/bin';

/** initdb refuses to run as root; then the cluster belongs to (and runs as) user postgres. */
function runPg(binary: string, args: string[]) {
  const command = path.join(PG_BIN_DIR, binary);
  const asRoot = process.getuid?.() === 0;
  execFileSync(
    asRoot ? 'runuser' : command,
    asRoot ? ['-u', 'postgres', '--', command, ...args] : args,
    {
      stdio: 'pipe',
    },
  );
}

export interface PostgresCluster {
  url: string;
  /** The cluster's data directory (its postmaster.pid names the server's process). */
  dataDir: string;
  stop(): void;
  /** Stops the server, keeping its data (a restart or failover in fault tests). */
  halt(): void;
  /** Starts it again on the same port and data. */
  resume(): void;
}

/** A throwaway PostgreSQL on 127.0.0.1:<free port>, its socket and data inside one temp dir. */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  if (!existsSync(path.join(PG_BIN_DIR, 'initdb'))) {
    throw new Error(
      `server-postgres tests need PostgreSQL: set DATABASE_URL or install PostgreSQL 15 (${PG_BIN_DIR}).`,
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'nocturne-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  runPg('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () =>
    runPg('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      serverOptions,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      'start',
    ]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    // fast: connections are cut as a real restart cuts them (57P01 to every client).
    halt: () => runPg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    resume: start,
    stop() {
      try {
        runPg('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
