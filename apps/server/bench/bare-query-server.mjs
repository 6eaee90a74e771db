// The physical limit the API bench compares Nocturne with: a minimal Fastify route per endpoint
// running the same SQL with the same parameters through node-postgres, nothing else (no auth, no
// validation, no logging). GET /<name> runs the route's steps in order, the statements of one step
// at once (as the service's Promise.all does). Started by api.bench.ts with DATABASE_URL, PORT and
// BARE_ROUTES_FILE: JSON { "<name>": [[{ "text": "...", "values": [...] }, ...], ...] }.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

const routes = JSON.parse(readFileSync(process.env.BARE_ROUTES_FILE, 'utf8'));
// The same pool size as the server's (open-postgres-database.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));
for (const [name, steps] of Object.entries(routes)) {
  app.get(`/${name}`, async () => {
    const rows = [];
    for (const step of steps) {
      const results = await Promise.all(step.map((statement) => pool.query(statement)));
      rows.push(...results.map((result) => result.rows));
    }
    return rows;
  });
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
