import { z } from 'zod';
import { listA1111Checkpoints } from '../backends/a1111/a1111-checkpoints';
import { checkpointChoices } from '../backends/comfyui/comfyui-probe';
import { backendFetch, readJson, trimSlash } from '../backends/http';
import { BackendConfigError, BackendUnreachableError } from '../errors';

export interface DiscoveredServer {
  backend: 'comfyui' | 'a1111';
  url: string;
  /** The names to put in a catalog entry's `checkpoint`. */
  checkpoints: string[];
}

const TIMEOUT_MS = 15_000;
/** What the server is called until it said what it is. */
const UNKNOWN = 'the server';

const namesSchema = z.array(z.string());

async function comfyCheckpoints(base: string, headers: Record<string, string>) {
  const get = async (path: string) => {
    const signal = AbortSignal.timeout(TIMEOUT_MS);
    return readJson(
      UNKNOWN,
      await backendFetch(UNKNOWN, `${base}${path}`, { headers, signal }),
      signal,
    );
  };
  const names = checkpointChoices(await get('/object_info/CheckpointLoaderSimple'));
  if (names) return names;
  throw new Error('/object_info/CheckpointLoaderSimple lists no ckpt_name choices');
}

async function comfyModelsFolder(base: string, headers: Record<string, string>) {
  const signal = AbortSignal.timeout(TIMEOUT_MS);
  const response = await backendFetch(UNKNOWN, `${base}/models/checkpoints`, { headers, signal });
  const names = namesSchema.safeParse(await readJson(UNKNOWN, response, signal));
  if (names.success) return names.data;
  throw new Error('/models/checkpoints is not a list of file names');
}

/**
 * Asks a server what it is and which checkpoints it has: ComfyUI
 * (`/object_info/CheckpointLoaderSimple`, else `/models/checkpoints`), else AUTOMATIC1111
 * (`/sdapi/v1/sd-models`, whose titles without the hash are the names A1111 accepts). A server
 * that is neither is an error quoting what each question was answered.
 */
export async function discoverServer(
  url: string,
  auth?: { username: string; password: string },
): Promise<DiscoveredServer> {
  const base = trimSlash(url);
  const headers: Record<string, string> = auth
    ? {
        authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`,
      }
    : {};
  const answers: string[] = [];
  const attempts: Array<[DiscoveredServer['backend'], () => Promise<string[]>]> = [
    ['comfyui', () => comfyCheckpoints(base, headers)],
    ['comfyui', () => comfyModelsFolder(base, headers)],
    [
      'a1111',
      async () =>
        (await listA1111Checkpoints(base, headers, AbortSignal.timeout(TIMEOUT_MS))).map((c) =>
          c.title.replace(/ \[[0-9a-f]+\]$/i, ''),
        ),
    ],
  ];
  for (const [backend, attempt] of attempts) {
    try {
      return { backend, url: base, checkpoints: await attempt() };
    } catch (error) {
      // Nothing answers, or it wants credentials: asking it other questions will not help.
      if (error instanceof BackendUnreachableError || error instanceof BackendConfigError)
        throw error;
      answers.push((error as Error).message);
    }
  }
  throw new Error(
    `${base} answers neither as ComfyUI nor as AUTOMATIC1111 (started with --api):\n  ${answers.join('\n  ')}`,
  );
}
