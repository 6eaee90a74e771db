import ort from 'onnxruntime-node';
import { ModelMissingError } from '../errors';
import { fileSize } from '../util/files';

export interface SessionSettings {
  /** Threads per operator; 0 lets ONNX Runtime use every core. */
  intraOpThreads: number;
}

export async function loadSession(
  path: string,
  settings: SessionSettings,
): Promise<ort.InferenceSession> {
  if ((await fileSize(path)) === undefined) {
    throw new ModelMissingError(`Model file ${path} is missing; run \`npm run models -- pull\`.`);
  }
  try {
    return await ort.InferenceSession.create(path, {
      executionProviders: ['cpu'],
      graphOptimizationLevel: 'all',
      intraOpNumThreads: settings.intraOpThreads,
      interOpNumThreads: 1,
    });
  } catch (error) {
    throw new ModelMissingError(
      `ONNX Runtime could not load ${path} (${(error as Error).message}); re-run \`npm run models -- verify\`, or export the model for CPU.`,
      { cause: error },
    );
  }
}
