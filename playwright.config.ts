import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium against the production build served by the real server with
 * embedded defaults (PGlite, outbox mail) in a throwaway DATA_DIR. Workers re-read this file, so the
 * data dir is chosen once and handed down through the environment.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const failingPort = port + 1;
const brokenImageServerPort = port + 2;
const loraComfyPort = port + 3;
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'nocturne-e2e-'));
process.env.E2E_FAILING_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'nocturne-e2e-failing-'));

/**
 * The failing server's catalog: its default on an AUTOMATIC1111 whose probe passes and whose every
 * image fails (support/broken-image-server.mjs), beside a ComfyUI nobody listens for, which the
 * server offers to nobody (decision 077). Written where that server's data lives, with the ports
 * of this run.
 */
const failingModelsFile = path.join(process.env.E2E_FAILING_DATA_DIR, 'models.json');
writeFileSync(
  failingModelsFile,
  JSON.stringify({
    models: [
      {
        id: 'broken',
        name: 'Broken GPU',
        description: 'A GPU server that answers, but whose every image fails.',
        backend: 'a1111',
        url: `http://127.0.0.1:${brokenImageServerPort}`,
      },
      {
        id: 'offline',
        name: 'Offline GPU',
        description: 'A ComfyUI server that is not running.',
        backend: 'comfyui',
        url: 'http://127.0.0.1:9',
        checkpoint: 'sd_xl_base_1.0.safetensors',
      },
    ],
  }),
);
/**
 * The main server's catalog: support/e2e-models.json, and after it "Ink XL", a free ComfyUI model
 * with LoRAs on a fake ComfyUI (support/fake-comfyui-server.mjs) for the LoRA spec, at this run's
 * port.
 */
const modelsFile = path.join(process.env.E2E_DATA_DIR, 'models.json');
const e2eModels = JSON.parse(readFileSync('apps/web/e2e/support/e2e-models.json', 'utf8')) as {
  models: object[];
};
writeFileSync(
  modelsFile,
  JSON.stringify({
    ...e2eModels,
    models: [
      ...e2eModels.models,
      {
        id: 'ink-xl',
        name: 'Ink XL',
        description: 'A ComfyUI model with LoRAs, on a fake ComfyUI.',
        backend: 'comfyui',
        creditCost: 0,
        url: `http://127.0.0.1:${loraComfyPort}`,
        checkpoint: 'sd_turbo.safetensors',
        loras: [
          {
            id: 'ink',
            name: 'Ink sketch',
            file: 'ink_sketch.safetensors',
            defaultWeight: 0.8,
            triggerWords: ['ink sketch'],
          },
          { id: 'grain', name: 'Film grain', file: 'film_grain.safetensors' },
        ],
        // characters spec: a character's reference image reaches IP-Adapter on this model.
        ipAdapter: { preset: 'PLUS (high strength)', weight: 0.7 },
      },
    ],
  }),
);
process.env.E2E_LORA_COMFY_URL = `http://127.0.0.1:${loraComfyPort}`;
process.env.E2E_BASE_URL = `http://localhost:${port}`;
process.env.E2E_FAILING_BASE_URL = `http://localhost:${failingPort}`;

function serverEnv(serverPort: number, dataDir: string, extra: Record<string, string> = {}) {
  return {
    PORT: String(serverPort),
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${serverPort}`,
    LOG_LEVEL: 'warn',
    // Every test signs a new person up from 127.0.0.1; the product's 10 a minute would trip.
    SIGN_UP_MAX_PER_IP_PER_MINUTE: '1000',
    SIGN_IN_MAX_PER_IP_PER_15_MIN: '1000',
    // ...and load every page, asset and image from that one address too.
    RATE_LIMIT_PER_MINUTE: '100000',
    ...extra,
  };
}

/**
 * These specs switch generation off for everyone while they run: they go last, one after the other,
 * once every other spec (two at a time, each on its own people) has finished.
 */
const PAUSE_GENERATION = ['generation-switch.spec.ts', 'console-settings.spec.ts'];

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'people', testIgnore: PAUSE_GENERATION },
    { name: 'switch', testMatch: PAUSE_GENERATION[0], dependencies: ['people'] },
    { name: 'settings', testMatch: PAUSE_GENERATION[1], dependencies: ['switch'] },
  ],
  retries: process.env.CI ? 1 : 0,
  // A spec that passes only on its retry is a failure to fix, not a pass (issue 47).
  failOnFlakyTests: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    // A trace is recorded for a spec's retry only: recording one for every spec costs a large
    // share of the run (apps/server/bench/results/rounds.md, Test suite time).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    // Up before the main server, whose worker probes its ComfyUI when it starts.
    {
      command: 'node apps/web/e2e/support/fake-comfyui-server.mjs',
      url: `http://127.0.0.1:${loraComfyPort}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(loraComfyPort) },
    },
    {
      command: 'npm run serve',
      url: `http://localhost:${port}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      // Two models on the preview engine: the default costs a credit per image like a real one, and
      // the free preview beside it is what a server without a model offers.
      env: serverEnv(port, process.env.E2E_DATA_DIR, {
        MODELS_FILE: modelsFile,
        // generation-switch, console-people, console-settings, accessibility and keyboard-console-grant specs: operators without two-factor
        // sign-in (local use only).
        OPERATOR_EMAILS:
          'switch-operator@e2e.nocturne.test,people-operator@e2e.nocturne.test,overview-operator@e2e.nocturne.test,a11y-operator@e2e.nocturne.test,keyboard-operator@e2e.nocturne.test',
        OPERATOR_REQUIRE_TWO_FACTOR: 'false',
        // live-preview spec: every frame, as an operator who wants them on the preview model
        // would (its frames cost more than its steps, so the default 5 % sends none).
        LIVE_PREVIEW_SHARE: '1',
        // webhooks spec: its receiver listens on 127.0.0.1 over plain http.
        WEBHOOKS_ALLOW_PRIVATE: 'true',
      }),
    },
    {
      command: 'node apps/web/e2e/support/broken-image-server.mjs',
      url: `http://127.0.0.1:${brokenImageServerPort}/`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { PORT: String(brokenImageServerPort) },
    },
    {
      // A second server whose GPU backends fail: its default's generations fail and are refunded,
      // and a model whose server is down is greyed.
      command: 'npm run serve',
      url: `http://localhost:${failingPort}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: serverEnv(failingPort, process.env.E2E_FAILING_DATA_DIR, {
        MODELS_FILE: failingModelsFile,
        GENERATION_TIMEOUT_S: '5',
      }),
    },
  ],
});
