import { mkdir, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import ort from 'onnxruntime-node';
import { ModelMissingError } from '../errors';
import { fileSize } from '../util/files';
import { explainLoadFailure } from './explain-load-failure';
import { intraOpThreadsFor } from './physical-cores';

export interface SessionSettings {
  /** Threads per operator; 0 = one per physical core. */
  intraOpThreads: number;
  /**
   * Folder where ONNX Runtime's optimised graphs are kept between starts (absent: none). Saved
   * at the `extended` level, which is portable between CPUs; the CPU-specific layout passes of
   * `all` run again at each load and are quick.
   */
  cacheDir?: string;
}

/** The provider the server runs models with; `pull` proves models with this same one. */
export const EXECUTION_PROVIDER = 'cpu';

function baseOptions(settings: SessionSettings): ort.InferenceSession.SessionOptions {
  return {
    executionProviders: [EXECUTION_PROVIDER],
    intraOpNumThreads: intraOpThreadsFor(settings.intraOpThreads),
    interOpNumThreads: 1,
  };
}

/** A cache file name that changes with the source file and with ONNX Runtime's version. */
async function cachedGraphPath(path: string, cacheDir: string): Promise<string> {
  const info = await stat(path);
  const source = relative(dirname(cacheDir), path).replace(/[\\/]/g, '--');
  const version = ort.env.versions.common ?? 'ort';
  return join(cacheDir, `${source}.${version}.${info.size}-${Math.trunc(info.mtimeMs)}.onnx`);
}

async function createOptimised(
  path: string,
  settings: SessionSettings & { cacheDir: string },
): Promise<ort.InferenceSession> {
  const cached = await cachedGraphPath(path, settings.cacheDir);
  const fromCache = () =>
    ort.InferenceSession.create(cached, {
      ...baseOptions(settings),
      graphOptimizationLevel: 'all',
    });
  if ((await fileSize(cached)) !== undefined) {
    try {
      return await fromCache();
    } catch {
      await rm(cached, { force: true }); // unreadable (cut short, other version): rebuild it
    }
  }
  await mkdir(settings.cacheDir, { recursive: true });
  const saving = await ort.InferenceSession.create(path, {
    ...baseOptions(settings),
    graphOptimizationLevel: 'extended',
    optimizedModelFilePath: cached,
    extra: {
      session: {
        // Weights go beside the graph: an fp32 UNet is past protobuf's 2 GB.
        optimized_model_external_initializers_file_name: `${basename(cached)}_data`,
        optimized_model_external_initializers_min_size_in_bytes: '1024',
      },
    },
  });
  await saving.release();
  return fromCache();
}

export async function loadSession(
  path: string,
  settings: SessionSettings,
): Promise<ort.InferenceSession> {
  if ((await fileSize(path)) === undefined) {
    throw new ModelMissingError(`Model file ${path} is missing; run \`npm run models -- pull\`.`);
  }
  if (settings.cacheDir) {
    try {
      return await createOptimised(path, { ...settings, cacheDir: settings.cacheDir });
    } catch {
      // A read-only models folder or a full disk must not stop the model from loading.
    }
  }
  try {
    return await ort.InferenceSession.create(path, {
      ...baseOptions(settings),
      graphOptimizationLevel: 'all',
    });
  } catch (error) {
    throw new ModelMissingError(
      `ONNX Runtime could not load ${path}: ${explainLoadFailure(error)}`,
      {
        cause: error,
      },
    );
  }
}
