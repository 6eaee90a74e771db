import { giveCredits } from '../test/generation-worker-harness';
import { setPremium } from '../test/read-credit-ledger';
import { startBenchStack } from './bench-stack';
import { median } from './measure';
const stack = await startBenchStack();
const env = {
  IMAGE_BACKEND: 'openai',
  OPENAI_IMAGES_URL: 'http://127.0.0.1:9',
  RATE_LIMIT_PER_MINUTE: '100000000',
  GENERATE_MAX_PER_USER_PER_MINUTE: '100000000',
  GENERATION_QUEUE_MAX_PER_PREMIUM_USER: '100000',
};
const api = await stack.startServer({
  name: 'api',
  role: 'api',
  env,
  nodeFlags: ['--cpu-prof', '--cpu-prof-dir=/tmp/postprof'],
});
const person = await stack.createUser('post@example.com');
await giveCredits(stack.database.db, person.userId, 0);
await setPremium(stack.database.db, person.userId, true);
const headers = { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' };
const time = async (f: () => Promise<Response>) => {
  const t = performance.now();
  const r = await f();
  await r.arrayBuffer();
  if (!r.ok) throw new Error(String(r.status));
  return performance.now() - t;
};
for (const [name, f] of [
  [
    'POST /generate',
    () =>
      fetch(`${api.url}/api/v1/generate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ source_prompt: '', content_prompt: 'an owl' }),
      }),
  ],
] as const) {
  for (let i = 0; i < 30; i++) await time(f);
  const ts = [];
  for (let i = 0; i < 400; i++) ts.push(await time(f));
  console.log(name, 'p50', median(ts).toFixed(2));
}
await stack.stop();
