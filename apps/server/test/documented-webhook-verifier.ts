import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../src/lib/server-root';

type Verifier = (secret: string, header: string, body: string, nowSeconds?: number) => boolean;

/**
 * The receiver's check exactly as docs/webhooks.md prints it (the block between its
 * verify-signature markers), loaded as a module: a test of it is a test of the docs.
 */
export async function documentedWebhookVerifier(): Promise<Verifier> {
  const doc = await readFile(path.join(REPO_ROOT, 'docs/webhooks.md'), 'utf8');
  const block = /<!-- verify-signature:start -->\s*```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/webhooks.md has no verify-signature block');
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'nocturne-verifier-')), 'verify.mjs');
  await writeFile(file, block);
  const loaded = (await import(pathToFileURL(file).href)) as {
    verifyNocturneSignature: Verifier;
  };
  return loaded.verifyNocturneSignature;
}
