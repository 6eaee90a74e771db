import { describe, expect, it } from 'vitest';
import { runModelsCli } from './models-cli';
import { modelCatalogSchema } from '../model-catalog/model-catalog-schema';
import { fakeCheckpoint, startFakeA1111 } from '../../test/helpers/fake-a1111';
import { startFakeComfy } from '../../test/helpers/fake-comfyui';
import { sendJson, trackTestServers } from '../../test/helpers/http-server';
import { useRemoteGenerators } from '../../test/helpers/remote-generator';

const fake = trackTestServers();
const { track } = useRemoteGenerators();

/** Runs `models discover`, returning its exit code, the JSON it printed and its notes. */
async function discover(...args: string[]) {
  const out: string[] = [];
  const notes: string[] = [];
  const code = await runModelsCli(
    ['discover', ...args],
    (line) => out.push(line),
    (line) => notes.push(line),
  );
  const printed = out.length ? (JSON.parse(out.join('\n')) as unknown) : undefined;
  return { code, printed, notes: notes.join('\n') };
}

describe('models discover', () => {
  it("lists a ComfyUI's checkpoints as catalog entries with defaults per family", async () => {
    const comfy = await startFakeComfy('ok', {
      checkpoints: [
        'sd_xl_turbo_1.0_fp16.safetensors',
        'juggernautXL_v9.safetensors',
        'v1-5-pruned-emaonly.ckpt',
      ],
    });
    track(() => comfy.close());
    const { code, printed, notes } = await discover(comfy.url);
    expect(code).toBe(0);
    expect(notes).toContain(`ComfyUI at ${comfy.url}: 3 checkpoint(s)`);
    const catalog = modelCatalogSchema.parse(printed);
    const [turbo, xl, sd15] = catalog.models;
    expect(turbo).toMatchObject({
      id: 'sd-xl-turbo-1-0-fp16',
      backend: 'comfyui',
      url: comfy.url,
      checkpoint: 'sd_xl_turbo_1.0_fp16.safetensors',
      nativeSize: { width: 512, height: 512 },
      quality: { fast: { steps: 1, cfg: 1, sampler: 'euler_ancestral', scheduler: 'sgm_uniform' } },
    });
    expect(xl).toMatchObject({ nativeSize: { width: 1024, height: 1024 } });
    expect(sd15).toMatchObject({
      id: 'v1-5-pruned-emaonly',
      nativeSize: { width: 512, height: 512 },
      quality: { balanced: { steps: 20, cfg: 7 } },
    });
    expect(comfy.requests.map((r) => r.url)).toEqual(['/object_info/CheckpointLoaderSimple']);
  });

  it('reads the newer ["COMBO", {options}] shape of /object_info', async () => {
    const comfy = await startFakeComfy('ok', {
      checkpoints: ['flux1-schnell.safetensors'],
      combo: true,
    });
    track(() => comfy.close());
    const { printed } = await discover(comfy.url);
    expect(modelCatalogSchema.parse(printed).models[0]?.checkpoint).toBe(
      'flux1-schnell.safetensors',
    );
    expect(comfy.requests.map((r) => r.url)).toEqual(['/object_info/CheckpointLoaderSimple']);
  });

  it('falls back to /models/checkpoints on a ComfyUI without /object_info/{node}', async () => {
    const comfy = await startFakeComfy('ok', {
      checkpoints: ['dreamshaper_8.safetensors'],
      noObjectInfo: true,
    });
    track(() => comfy.close());
    const { printed } = await discover(comfy.url);
    expect(modelCatalogSchema.parse(printed).models[0]?.checkpoint).toBe(
      'dreamshaper_8.safetensors',
    );
  });

  it("lists an A1111's checkpoints by the names it accepts, with the credentials it needs", async () => {
    const a1111 = await startFakeA1111({
      auth: { username: 'ops', password: 'pw' },
      checkpoints: [
        fakeCheckpoint('SDXL/juggernautXL_v9.safetensors'),
        fakeCheckpoint('lcm_dreamshaper_v7.safetensors'),
      ],
    });
    track(() => a1111.close());
    await expect(discover(a1111.url)).rejects.toThrow(
      /answered 401 .*Not authenticated.* Pass --user and --password/,
    );
    const { printed, notes } = await discover(a1111.url, '--user', 'ops', '--password', 'pw');
    const [xl, lcm] = modelCatalogSchema.parse(printed).models;
    expect(xl).toMatchObject({
      id: 'juggernautxl-v9',
      backend: 'a1111',
      checkpoint: 'SDXL/juggernautXL_v9.safetensors',
      nativeSize: { width: 1024, height: 1024 },
      credentials: { usernameEnv: 'A1111_USERNAME', passwordEnv: 'A1111_PASSWORD' },
    });
    expect(lcm).toMatchObject({ quality: { best: { steps: 8, cfg: 1, sampler: 'LCM' } } });
    expect(notes).toContain('Set A1111_USERNAME and A1111_PASSWORD');
  });

  it('says what a server that is neither answered', async () => {
    const other = await fake((req, res) =>
      req.url === '/models/checkpoints'
        ? sendJson(res, 200, { models: [] })
        : res.writeHead(200, { 'content-type': 'text/html' }).end('<html>router login</html>'),
    );
    await expect(discover(other.url)).rejects.toThrow(
      /answers neither as ComfyUI nor as AUTOMATIC1111[\s\S]*not JSON: <html>router login[\s\S]*\/models\/checkpoints is not a list[\s\S]*not JSON/,
    );
    const empty = await fake((req, res) =>
      sendJson(res, 200, req.url === '/models/checkpoints' ? [] : {}),
    );
    const { code, notes } = await discover(empty.url);
    expect(code).toBe(1);
    expect(notes).toContain('has no checkpoints installed');
  });
});
