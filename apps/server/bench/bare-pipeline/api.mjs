// The pipeline's physical limit, API side (bench/bare-pipeline.ts): the same hops as Nocturne's
// API process with nothing else. POST /submit inserts a job row and wakes the workers (NOTIFY);
// a worker's NOTIFY names the finished job's image, which this process reads from the shared
// directory and sends as base64 in one Socket.IO event to the person's room. No auth,
// validation, rate limits, logging, ledger or channel joins.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { Server } from 'socket.io';

const { DATABASE_URL, PORT, IMAGES_DIR } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const listener = new pg.Client({ connectionString: DATABASE_URL });
await listener.connect();
await listener.query('LISTEN bare_done');

const http = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/submit') {
    response.writeHead(request.url === '/health' ? 200 : 404).end();
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    const { person, prompt } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const { rows } = await pool.query(
      'insert into bare_jobs (person, prompt) values ($1, $2) returning id',
      [person, prompt],
    );
    await pool.query("select pg_notify('bare_queued', '')");
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ id: String(rows[0].id) }));
  });
});
const io = new Server(http, { serveClient: false });
io.on('connection', (socket) => void socket.join(String(socket.handshake.auth.person)));
listener.on('notification', ({ payload }) => {
  const { id, person, key } = JSON.parse(payload);
  void readFile(path.join(IMAGES_DIR, key)).then((png) =>
    io.to(person).emit('result', { id, result_base64: png.toString('base64') }),
  );
});
http.listen(Number(PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  io.close();
  void Promise.all([listener.end(), pool.end()]).then(() => process.exit(0));
});
