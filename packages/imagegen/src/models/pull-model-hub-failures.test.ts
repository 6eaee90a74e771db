import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readInstalledManifest } from './model-store';
import { runModelsCli } from '../cli/models-cli';
import { pullModel } from './pull-model';
import { buildPreviewFiles } from '../preview/ensure-preview-model';
import {
  hubManifest,
  startFakeHub,
  type FakeHub,
  type FakeRepo,
} from '../../test/helpers/fake-hub';
import { closedPortUrl } from '../../test/helpers/http-server';
import { makeTempDir } from '../../test/helpers/temp-dir';

const COMMIT = 'c'.repeat(40);
const REPO = 'acme/preview-onnx';
const preview: FakeRepo = { commit: COMMIT, files: buildPreviewFiles() };
const manifest = hubManifest('m', REPO, preview);
let hub: FakeHub;

beforeAll(async () => {
  hub = await startFakeHub(new Map([[REPO, preview]]));
});
afterAll(() => hub.close());

const pullFrom = async (hubUrl: string) =>
  pullModel({ modelsDir: await makeTempDir(), manifest, hubUrl });

/** An HTTPS server with a certificate nobody signed, as a misconfigured mirror or proxy has. */
async function startSelfSignedServer(): Promise<{ url: string; server: Server }> {
  const dir = await makeTempDir();
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const server = createServer({ key: await readFile(key), cert: await readFile(cert) }, (_, res) =>
    res.end('[]'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a failed pull names the URL and the cause', () => {
  it('a refused port', async () => {
    const url = await closedPortUrl();
    await expect(pullFrom(url)).rejects.toThrow(
      new RegExp(
        `^${url}/api/models/acme/preview-onnx/tree/c{40}\\?recursive=true: could not connect: connection refused: .*\\(ECONNREFUSED\\)`,
      ),
    );
  });

  it('a host name that does not resolve', async () => {
    await expect(pullFrom('http://nocturne-no-such-host.invalid')).rejects.toThrow(
      /^http:\/\/nocturne-no-such-host\.invalid\/api\/models\/.*: could not connect: DNS lookup failed: .*\((ENOTFOUND|EAI_AGAIN)\)/,
    );
  });

  it.skipIf(!hasOpenssl())('a TLS certificate that does not verify', async () => {
    const { url, server } = await startSelfSignedServer();
    try {
      await expect(pullFrom(url)).rejects.toThrow(
        /^https:\/\/127\.0\.0\.1:\d+\/api\/models\/.*: could not connect: TLS failed: .*\((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\)/,
      );
    } finally {
      server.close();
    }
  });

  it("an HTTP 500 from the tree or a file, with the server's error text", async () => {
    hub.failNext(`/tree/${COMMIT}`, { status: 500, error: 'Internal Error' });
    await expect(pullFrom(hub.url)).rejects.toThrow(
      /\/tree\/c{40}\?recursive=true: HTTP 500 Internal Server Error: Internal Error \(FakeFault\)/,
    );
    hub.failNext('/unet/model.onnx', { status: 500, error: 'Storage unavailable' });
    await expect(pullFrom(hub.url)).rejects.toThrow(
      /\/acme\/preview-onnx\/resolve\/c{40}\/unet\/model\.onnx: HTTP 500 Internal Server Error: Storage unavailable/,
    );
  });

  it('an HTTP 404 for a repository the Hub does not have', async () => {
    const other = hubManifest('m', 'acme/gone', preview);
    await expect(
      pullModel({ modelsDir: await makeTempDir(), manifest: other, hubUrl: hub.url }),
    ).rejects.toThrow(
      /\/api\/models\/acme\/gone\/tree\/c{40}\?recursive=true: HTTP 404 Not Found: Repository not found \(RepoNotFound\)/,
    );
  });
});

describe('nocturne-models pull --hub-url', () => {
  it('pulls Hub files from the given endpoint and says what each was checked against', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'hub.json');
    await writeFile(path, JSON.stringify(manifest));
    const lines: string[] = [];
    const code = await runModelsCli(
      ['pull', '--manifest', path, '--hub-url', hub.url, '--models-dir', dir],
      (line) => lines.push(line),
    );
    expect(code).toBe(0);
    const log = lines.join('\n');
    expect(log).toMatch(
      /unet\/model\.onnx: \d+ bytes from https:\/\/huggingface\.co\/\S+, sha256 [0-9a-f]{64} matches the Hub's tree at c{40}/,
    );
    expect(log).toMatch(
      /tokenizer\/merges\.txt: \d+ bytes from \S+, git blob id [0-9a-f]{40} matches the Hub's tree at c{40}/,
    );
    expect(log).not.toContain('Pins of the downloaded files');
  });

  it('stores int8 weights with --weights int8, records them, and lists them', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'hub.json');
    await writeFile(path, JSON.stringify(manifest));
    const lines: string[] = [];
    const pull = ['pull', '--manifest', path, '--hub-url', hub.url, '--models-dir', dir];
    expect(await runModelsCli([...pull, '--weights', 'int8'], (line) => lines.push(line))).toBe(0);
    expect(lines.join('\n')).toMatch(/unet\/model\.onnx: \d+ weight MatMuls stored int8/);
    expect((await readInstalledManifest(dir, manifest.name))?.weights).toBe('int8');
    const listed: string[] = [];
    await runModelsCli(['list', '--models-dir', dir], (line) => listed.push(line));
    const row = listed.find((line) => line.trimStart().startsWith(`${manifest.name} `));
    expect(row).toContain('installed (int8)');
    await expect(runModelsCli([...pull, '--weights', 'int4'], () => {})).rejects.toThrow(
      '--weights must be one of fp32, int8, not "int4"',
    );
  });

  it('takes the Hub endpoint from HF_ENDPOINT, as huggingface_hub does', async () => {
    const dir = await makeTempDir();
    const path = join(dir, 'hub.json');
    await writeFile(path, JSON.stringify(manifest));
    process.env.HF_ENDPOINT = hub.url;
    try {
      hub.requests.length = 0;
      expect(await runModelsCli(['pull', '--manifest', path, '--models-dir', dir], () => {})).toBe(
        0,
      );
      expect(
        hub.requests.some((r) => r.url.startsWith('/api/models/acme/preview-onnx/tree/')),
      ).toBe(true);
    } finally {
      delete process.env.HF_ENDPOINT;
    }
  });

  it('lists each catalog model with its licence, whether it allows a paid service and on what conditions', async () => {
    const lines: string[] = [];
    expect(
      await runModelsCli(['list', '--models-dir', await makeTempDir()], (l) => lines.push(l)),
    ).toBe(0);
    const log = lines.join('\n');
    expect(log).toMatch(
      /sd-turbo .*Stability AI Community License.*\(commercial use allowed, on conditions\)\n {6}- Commercial use is free only while the business .* under USD 1,000,000 a year/,
    );
    expect(log).toMatch(/ {6}- Commercial use must be registered with Stability AI/);
    expect(log).toMatch(/ {6}- The service must show "Powered by Stability AI"/);
    expect(log).not.toMatch(/Non-Commercial/);
    expect(log).toMatch(
      /sdxs-512-dreamshaper .*Open RAIL\+\+-M.*\(commercial use allowed, on conditions\)\n {6}- The licence's use restrictions .* must be an enforceable part of the service's terms of use/,
    );
  });
});
