import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../src/db/database';
import { generations } from '../src/modules/generations/generations-tables';
import { giveCredits } from './generation-worker-harness';
import { submitOneImage } from './generation-request';
import { insertTestUser } from './insert-test-user';
import { openTestDatabase } from './open-test-database';
import { createImageStore } from '../src/modules/images/image-store';
import { createImageUrlSigner } from '../src/modules/images/image-url-signer';

/** A private database and an image store in a temporary directory, for the workers of one file. */
export async function openQueueStores() {
  const database = await openTestDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'nocturne-queue-'));
  const images = createImageStore(
    dir,
    createImageUrlSigner('test-image-url-secret-0123456789abcdef'),
  );
  const close = async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { database, images, close };
}

/** Users, submits and rows on the database of `db()`. */
export function queueHelpers(db: () => AppDb) {
  /** Empties the queue so each test sees only its own jobs. */
  async function clearQueue() {
    await db()
      .update(generations)
      .set({ status: 'failed', lockedBy: null })
      .where(sql`${generations.status} in ('queued', 'processing')`);
  }

  async function newUser(credits: number) {
    const userId = await insertTestUser(db());
    await giveCredits(db(), userId, credits);
    return userId;
  }

  const submit = async (userId: string, prompt = 'a moonlit owl') => ({
    generation: await submitOneImage(db(), userId, { content_prompt: prompt }),
  });

  const readRow = async (id: string) => {
    const [row] = await db().select().from(generations).where(eq(generations.id, id));
    return row;
  };

  return { clearQueue, newUser, submit, readRow };
}
