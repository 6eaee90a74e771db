// The pipeline's physical limit, worker side (bench/bare-pipeline.ts): claims a queued job
// (UPDATE … SKIP LOCKED, woken by NOTIFY), asks the OpenAI-compatible images API, decodes the
// base64 PNG, writes it to the shared directory, marks the job completed and names the image in
// a NOTIFY, WORKER_CONCURRENCY jobs at a time. No checks, marking, digest, ledger or leases.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const { DATABASE_URL, IMAGES_DIR, OPENAI_IMAGES_URL } = process.env;
const CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 4);
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONCURRENCY + 1 });
const listener = new pg.Client({ connectionString: DATABASE_URL });
let running = 0;

async function claim() {
  const { rows } = await pool.query(
    `update bare_jobs set status = 'processing' where id = (
       select id from bare_jobs where status = 'queued' order by id
       for update skip locked limit 1
     ) returning id, person, prompt`,
  );
  return rows[0];
}

async function run(job) {
  const response = await fetch(`${OPENAI_IMAGES_URL}/v1/images/generations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: job.prompt, n: 1, size: '512x512' }),
  });
  const body = await response.json();
  const png = Buffer.from(body.data[0].b64_json, 'base64');
  const key = `${job.id}.png`;
  await writeFile(path.join(IMAGES_DIR, key), png);
  await pool.query("update bare_jobs set status = 'completed', result_path = $2 where id = $1", [
    job.id,
    key,
  ]);
  await pool.query("select pg_notify('bare_done', $1)", [
    JSON.stringify({ id: String(job.id), person: job.person, key }),
  ]);
}

async function pump() {
  while (running < CONCURRENCY) {
    running += 1;
    const job = await claim().catch(() => undefined);
    if (!job) {
      running -= 1;
      return;
    }
    void run(job)
      .catch((error) => console.error(error))
      .finally(() => {
        running -= 1;
        void pump();
      });
  }
}

await listener.connect();
listener.on('notification', () => void pump());
await listener.query('LISTEN bare_queued');
console.log('bare worker started');
void pump();
process.on('SIGTERM', () => {
  void Promise.all([listener.end(), pool.end()]).then(() => process.exit(0));
});
