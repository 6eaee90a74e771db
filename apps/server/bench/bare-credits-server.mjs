// The physical limit the API bench compares Nocturne with: a minimal Fastify route doing the same
// primary-key select of the same credit_accounts row through node-postgres, nothing else (no auth,
// no validation, no logging). Started by api.bench.ts with DATABASE_URL and PORT.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get('/credits/:userId', async (request) => {
  const { rows } = await pool.query(
    'select user_id, balance, user_type, last_daily_grant_at from credit_accounts where user_id = $1',
    [request.params.userId],
  );
  return rows[0] ?? null;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () =>
  app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0)),
);
