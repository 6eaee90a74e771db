import { afterEach, describe, expect, it } from 'vitest';
import { createImageGenerator } from '../../create-image-generator';
import { sendJson, startServer, type TestServer } from '../../../test/helpers/http-server';
import { samplePng } from '../../../test/helpers/sample-png';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

interface Shared {
  /** What the fake answers for /sdapi/v1/progress and /internal/progress, given our task id. */
  serverProgress?: (ours: string, poll: number) => Record<string, unknown>;
  internalProgress?: (ours: string, asked: string, poll: number) => Record<string, unknown>;
}

/**
 * A shared A1111: someone else's job runs first (progress 0.7), then ours (poll / 100). The txt2img answer
 * comes after 12 polls.
 */
async function generateOnShared(shared: Shared): Promise<number[]> {
  const png = await samplePng(64, 64);
  let polls = 0;
  let ours = '';
  const server = await startServer((req, res, body) => {
    if (req.url === '/sdapi/v1/txt2img') {
      ours = (JSON.parse(body) as { force_task_id: string }).force_task_id;
      const answer = () =>
        polls >= 12 ? sendJson(res, 200, { images: [png.toString('base64')] }) : undefined;
      const timer = setInterval(() => {
        if (polls >= 12) clearInterval(timer);
        answer();
      }, 5);
      return;
    }
    polls++;
    if (req.url === '/internal/progress' && shared.internalProgress) {
      const asked = (JSON.parse(body) as { id_task: string }).id_task;
      return sendJson(res, 200, shared.internalProgress(ours, asked, polls));
    }
    if (req.url?.startsWith('/sdapi/v1/progress') && shared.serverProgress)
      return sendJson(res, 200, shared.serverProgress(ours, polls));
    res.writeHead(404).end();
  });
  servers.push(server);
  const generator = await createImageGenerator({
    backend: 'a1111',
    modelsDir: '/nonexistent',
    timeoutMs: 5_000,
    a1111: { url: server.url, progressIntervalMs: 10 },
  });
  const fractions: number[] = [];
  await generator.generate(
    { prompt: 'x', width: 512, height: 512 },
    { onProgress: (p) => p.stage === 'remote' && fractions.push(p.fraction) },
  );
  await generator.close();
  return fractions;
}

describe('a1111 progress on a shared server', () => {
  it('uses /internal/progress for our task only while it is the active one', async () => {
    const fractions = await generateOnShared({
      internalProgress: (ours, asked, poll) =>
        asked !== ours || poll < 5
          ? { active: false, queued: true, completed: false, progress: null }
          : { active: true, queued: false, completed: false, progress: poll / 100 },
      serverProgress: () => ({ progress: 0.7, current_task: 'task(someone-else)' }),
    });
    expect(fractions[0]).toBe(0);
    expect(fractions.length).toBeGreaterThan(2);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    // Ours counts up from 0.05; the other job's 0.7 never shows.
    expect(Math.max(...fractions)).toBeLessThan(0.2);
  });

  it('without /internal/progress, takes /sdapi/v1/progress only when current_task is ours', async () => {
    const fractions = await generateOnShared({
      serverProgress: (ours, poll) =>
        poll < 6
          ? { progress: 0.7, current_task: 'task(someone-else)' }
          : { progress: poll / 100, current_task: ours },
    });
    expect(fractions.length).toBeGreaterThan(2);
    expect(Math.max(...fractions)).toBeLessThan(0.2);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
  });

  it('reports nothing from a server that cannot say whose job runs', async () => {
    const fractions = await generateOnShared({ serverProgress: () => ({ progress: 0.7 }) });
    expect(fractions).toEqual([0]);
  });
});
