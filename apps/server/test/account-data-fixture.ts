import { eq } from 'drizzle-orm';
import { generations } from '../src/modules/generations/generations-tables';
import type { TestApp } from './create-test-app';
import { giveCredits, startTestWorker, waitFor } from './generation-worker-harness';

/**
 * A person with two finished generations (one of them saved to favorites) and a ledger: the data
 * the export must carry and the deletion must remove. Runs the real API and a fake-engine worker.
 */
export async function seedAccountData(ctx: TestApp, user: { token: string; userId: string }) {
  const post = (url: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${user.token}` },
      payload,
    });
  await giveCredits(ctx.database.db, user.userId, 5);
  for (const prompt of ['an owl at dusk', 'a lighthouse']) {
    const response = await post('/generate', {
      source_prompt: `source of ${prompt}`,
      content_prompt: prompt,
    });
    if (response.statusCode !== 200) throw new Error(`generate failed: ${response.body}`);
  }
  const worker = startTestWorker({
    database: ctx.database,
    images: ctx.app.images,
    engine: ctx.app.imageEngine,
  });
  const rows = () =>
    ctx.database.db.select().from(generations).where(eq(generations.userId, user.userId));
  await waitFor(async () => (await rows()).every((row) => row.status === 'completed'));
  await worker.stop();
  const [first] = await rows();
  const saved = await post(`/generations/${first!.id}/favorite`, {});
  if (saved.statusCode !== 200) throw new Error(`favorite failed: ${saved.body}`);
  return { generations: await rows() };
}
