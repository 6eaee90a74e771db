import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CATALOG, DEFAULT_MODEL } from '../models/catalog';
import { licenceSummary } from '../models/licence-text';
import {
  parseManifest,
  WEIGHT_PRECISIONS,
  type ModelManifest,
  type WeightPrecision,
} from '../models/manifest';
import {
  findInstalledModels,
  findMissingFiles,
  readInstalledManifest,
} from '../models/model-store';
import { urlRevision } from '../models/pins';
import { pullModel } from '../models/pull-model';
import { removeModel } from '../models/remove-model';
import { verifyModel } from '../models/verify-model';
import { ensurePreviewModel } from '../preview/ensure-preview-model';
import { peakResidentMb } from '../util/peak-memory';
import { runDiscover } from './discover-command';
import { readCliEnv } from './env';
import { createProgressBar } from './progress-bar';

type DoneFile = ModelManifest['files'][number] & { sha256: string };

/** How each downloaded file was checked, for the pull log. */
const VERIFIED: Record<NonNullable<DoneFile['verified']>['by'], (f: DoneFile) => string> = {
  'hub-lfs-sha256': (f) => `sha256 ${f.sha256} matches the Hub's tree at ${f.verified?.commit}`,
  'hub-git-blob-id': (f) =>
    `git blob id ${f.gitBlobId} matches the Hub's tree at ${f.verified?.commit}`,
  'manifest-sha256': (f) => `sha256 ${f.sha256} matches the manifest`,
  recorded: (f) => `sha256 ${f.sha256} recorded (not pinned)`,
};

const USAGE = `Usage: nocturne-models <command> [options]   (or: npm run models -- <command>)

  list                     catalogue and installed models
  pull [name]              download a model (default ${DEFAULT_MODEL}); checks every file against
                           the Hub's file list for the pinned commit, resumes, proves the model
                           on the CPU provider, then installs it
  pull --manifest <file>   download the model a manifest file describes
  pull --record-pins       also download files off the Hub that have no sha256; print their pins
  verify [name]            re-hash installed files against their manifests
  remove <name>            delete an installed model
  preview                  (re)build the tiny preview model
  discover <url>           list a ComfyUI's or an AUTOMATIC1111's checkpoints as catalog entries
                           for MODELS_FILE (--user U --password P for A1111's --api-auth)

  pull --weights int8      store the text encoder's and UNet's weight MatMuls as int8 (smaller and
                           faster on a CPU; images a little further from the published weights)

Options: --models-dir <dir> (default: MODELS_DIR, else DATA_DIR/models)
         --hub-url <url>    Hub endpoint for huggingface.co files (default: HF_ENDPOINT, else the Hub)
         --threads <n>      ONNX Runtime threads for the proof (default: physical cores)`;

async function manifestFor(
  name: string | undefined,
  manifestPath: string | undefined,
): Promise<ModelManifest> {
  if (manifestPath)
    return parseManifest(JSON.parse(await readFile(manifestPath, 'utf8')), manifestPath);
  const manifest = CATALOG.get(name ?? DEFAULT_MODEL);
  if (!manifest)
    throw new Error(
      `Unknown model "${name}". Known: ${[...CATALOG.keys()].join(', ')}; or pass --manifest.`,
    );
  return manifest;
}

function formatSize(files: ModelManifest['files']): string {
  const bytes = files.reduce((sum, f) => sum + (f.size ?? 0), 0);
  return bytes >= 1_073_741_824
    ? `${(bytes / 1_073_741_824).toFixed(2)} GB`
    : `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** The commits the model's files come from (short), or "-" for files not from the Hub. */
function revisionsOf(manifest: ModelManifest): string {
  const files = manifest.sources ? [...manifest.sources, ...manifest.files] : manifest.files;
  const revisions = new Set(files.map((f) => urlRevision(f.url)?.slice(0, 7)).filter(Boolean));
  return revisions.size > 0 ? [...revisions].join('+') : '-';
}

/** The licence's conditions, one a line, under the line that names it. */
function conditionLines(licence: ModelManifest['licence'], indent: string): string[] {
  return licence.conditions.map((condition) => `${indent}- ${condition}`);
}

const OPTIONS = {
  'models-dir': { type: 'string' },
  manifest: { type: 'string' },
  'record-pins': { type: 'boolean' },
  'hub-url': { type: 'string' },
  threads: { type: 'string' },
  weights: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  help: { type: 'boolean' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];

interface Command {
  name: string | undefined;
  values: Values;
  modelsDir: string;
  env: ReturnType<typeof readCliEnv>;
  log: (line: string) => void;
}

function weightsOption(value: string | undefined): WeightPrecision {
  const weights = value ?? 'fp32';
  if (!(WEIGHT_PRECISIONS as readonly string[]).includes(weights)) {
    throw new Error(`--weights must be one of ${WEIGHT_PRECISIONS.join(', ')}, not "${weights}"`);
  }
  return weights as WeightPrecision;
}

async function listModels({ modelsDir, log }: Command): Promise<number> {
  const installed = await findInstalledModels(modelsDir);
  log(`Models directory: ${modelsDir}`);
  log(
    `  ${'name'.padEnd(22)} ${'status'.padEnd(22)} ${'size'.padStart(10)}  ${'revision'.padEnd(16)} licence`,
  );
  const names = new Set([...CATALOG.keys(), ...installed.map((m) => m.name)]);
  for (const model of names) {
    const local = installed.find((m) => m.name === model);
    const manifest = local ?? CATALOG.get(model);
    const missing = local ? await findMissingFiles(modelsDir, local) : [];
    const status = !local
      ? 'not installed'
      : missing.length
        ? `incomplete (${missing.length} missing)`
        : local.weights === 'int8'
          ? 'installed (int8)'
          : 'installed';
    const size = local ? formatSize(local.files) : '';
    const revision = manifest ? revisionsOf(manifest) : '';
    log(
      `  ${model.padEnd(22)} ${status.padEnd(22)} ${size.padStart(10)}  ${revision.padEnd(16)} ${manifest ? licenceSummary(manifest.licence) : ''}`,
    );
    if (manifest) for (const line of conditionLines(manifest.licence, ' '.repeat(6))) log(line);
  }
  return 0;
}

async function pull({ name, values, modelsDir, env, log }: Command): Promise<number> {
  const manifest = await manifestFor(name, values.manifest);
  const recordPins = values['record-pins'] === true;
  log(`Pulling ${manifest.name} into ${modelsDir}`);
  log(`  licence: ${licenceSummary(manifest.licence)}`);
  for (const line of conditionLines(manifest.licence, '    ')) log(line);
  if (manifest.memoryMb) log(`  needs about ${manifest.memoryMb} MB of memory to run`);
  const bar = createProgressBar();
  let current = '';
  const weights = weightsOption(values.weights);
  if (weights === 'int8') log('  weights: int8 (the text encoder and UNet weight MatMuls)');
  const installed = await pullModel({
    modelsDir,
    manifest,
    weights,
    allowUnpinned: recordPins,
    hubUrl: values['hub-url'] ?? env.hubUrl,
    settings: { intraOpThreads: Number(values.threads ?? 0) },
    onProgress: (p) => {
      if (p.file !== current) {
        current = p.file;
        bar.start();
      }
      bar.update(`[${p.index + 1}/${p.count}] ${p.file}`, p.received, p.total);
    },
    onFileDone: (file) => {
      bar.done();
      const resumed = file.resumedFrom ? `, resumed at ${file.resumedFrom}` : '';
      log(
        `  ${file.path}: ${file.size} bytes from ${file.servedBy}, ${VERIFIED[file.verified.by](file)}${resumed}`,
      );
      for (const failed of file.failedSources) log(`    not from ${failed.url}: ${failed.reason}`);
    },
    onStage: (stage, detail) => log(`  ${stage}: ${detail}`),
  });
  const recorded = [...(installed.sources ?? []), ...installed.files].filter(
    (f) => f.verified?.by === 'recorded',
  );
  if (recorded.length > 0) {
    const pins = recorded.map(({ path, url, size, sha256 }) => ({ path, url, size, sha256 }));
    log('Pins of the downloaded files (paste into the catalog or your manifest):');
    log(JSON.stringify(pins, null, 2));
  }
  log(`Installed ${manifest.name}.`);
  log(`Peak memory of this pull: ${peakResidentMb()} MB resident (maxRSS).`);
  return 0;
}

async function verify({ name, modelsDir, log }: Command): Promise<number> {
  const manifests = name
    ? [await readInstalledManifest(modelsDir, name)].filter((m): m is ModelManifest => !!m)
    : await findInstalledModels(modelsDir);
  if (manifests.length === 0) {
    log(name ? `Model ${name} is not installed.` : 'No models installed.');
    return 1;
  }
  let failed = false;
  for (const manifest of manifests) {
    for (const check of await verifyModel(modelsDir, manifest)) {
      failed ||= check.status !== 'ok' && check.status !== 'unpinned';
      log(
        `  ${manifest.name}/${check.path}: ${check.status}${check.detail ? ` (${check.detail})` : ''}`,
      );
    }
  }
  return failed ? 1 : 0;
}

export async function runModelsCli(
  argv: string[],
  log = console.log,
  note: (line: string) => void = console.error,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: OPTIONS,
  });
  const [command, name] = positionals;
  const env = readCliEnv();
  const modelsDir = values['models-dir'] ? resolve(values['models-dir']) : env.modelsDir;
  if (values.help || !command) {
    log(USAGE);
    return command ? 0 : 2;
  }
  const context: Command = { name, values, modelsDir, env, log };
  switch (command) {
    case 'list':
      return listModels(context);
    case 'pull':
      return pull(context);
    case 'verify':
      return verify(context);
    case 'remove': {
      if (!name) throw new Error('remove needs a model name');
      await removeModel(modelsDir, name);
      log(`Removed ${name}.`);
      return 0;
    }
    case 'discover':
      return runDiscover(name, values, log, note);
    case 'preview': {
      log(`Preview model ready: ${await ensurePreviewModel(modelsDir)}`);
      return 0;
    }
    default:
      log(USAGE);
      return 2;
  }
}
