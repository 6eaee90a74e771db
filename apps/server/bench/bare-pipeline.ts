/**
 * The pipeline's physical limit for pipeline.bench.ts: the same bytes through the same hops as
 * Nocturne (HTTP submit, a PostgreSQL queue woken by NOTIFY, the fake images API, the image
 * written to and read from a directory, one Socket.IO event with the base64 PNG), by two minimal
 * processes (bare-pipeline/api.mjs, bare-pipeline/worker.mjs) and nothing else. Its clients
 * behave like Nocturne's (one job in flight per person) without the channel join and row read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { io as connectClient, type Socket } from 'socket.io-client';
import type { Database } from '../src/db/database';
import { freePort } from '../test/free-port';
import type { JobTiming, PipelineClient } from './pipeline-client';

const DIR = path.join(import.meta.dirname, 'bare-pipeline');

interface BareProcess {
  pid: number | undefined;
  stop(): Promise<void>;
}

function startProcess(script: string, env: Record<string, string>, ready: RegExp) {
  const child: ChildProcess = spawn(process.execPath, [path.join(DIR, script)], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (ready.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}): ${output}`)));
  });
  const process_: BareProcess = {
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
  return { process: process_, started };
}

async function waitForHealth(url: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the bare pipeline API did not start');
}

export async function startBarePipeline(options: {
  database: Database;
  databaseUrl: string;
  imagesApiUrl: string;
  concurrency: number;
}) {
  await options.database.db.execute(
    sql.raw(`create table if not exists bare_jobs (
      id bigserial primary key,
      person text not null,
      prompt text not null,
      status text not null default 'queued',
      result_path text
    );
    create index if not exists bare_jobs_queued on bare_jobs (id) where status = 'queued'`),
  );
  const imagesDir = await mkdtemp(path.join(tmpdir(), 'nocturne-bare-images-'));
  const env = {
    DATABASE_URL: options.databaseUrl,
    IMAGES_DIR: imagesDir,
    OPENAI_IMAGES_URL: options.imagesApiUrl,
    WORKER_CONCURRENCY: String(options.concurrency),
  };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const api = startProcess('api.mjs', { ...env, PORT: String(port) }, /$^/);
  api.started.catch(() => undefined);
  await waitForHealth(url);
  const sockets: Socket[] = [];
  return {
    api: api.process,
    async startWorkers(count: number): Promise<BareProcess[]> {
      const workers = Array.from({ length: count }, () =>
        startProcess('worker.mjs', env, /bare worker started/),
      );
      await Promise.all(workers.map((worker) => worker.started));
      return workers.map((worker) => worker.process);
    },
    client(person: string): PipelineClient {
      return {
        async connect() {
          const socket = connectClient(url, {
            auth: { person },
            transports: ['websocket'],
            reconnection: false,
          });
          sockets.push(socket);
          await new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
          });
          return socket;
        },
        async run(tag: number, socket: Socket): Promise<JobTiming> {
          const submittedAt = performance.now();
          // A result may arrive before the POST answers: kept by id until the id is known.
          const arrived = new Map<string, number>();
          let wanted: string | undefined = undefined;
          let resolveResult: (at: number) => void = () => undefined;
          const result = new Promise<number>((resolve) => (resolveResult = resolve));
          const onResult = (event: { id: string }) => {
            const at = performance.now();
            if (wanted === undefined) arrived.set(event.id, at);
            else if (event.id === wanted) resolveResult(at);
          };
          socket.on('result', onResult);
          const response = await fetch(`${url}/submit`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ person, prompt: `bench job ${tag} a lantern` }),
          });
          if (!response.ok) throw new Error(`bare submit: ${response.status}`);
          const { id } = (await response.json()) as { id: string };
          const acceptedAt = performance.now();
          wanted = id;
          const early = arrived.get(id);
          if (early !== undefined) resolveResult(early);
          const resultAt = await result;
          socket.off('result', onResult);
          return { tag, submittedAt, acceptedAt, resultAt, byEvent: true };
        },
      };
    },
    async stop() {
      sockets.splice(0).forEach((socket) => socket.disconnect());
      await api.process.stop();
      await rm(imagesDir, { recursive: true, force: true });
    },
  };
}
