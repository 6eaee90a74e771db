import { isImageGenError } from '../errors';
import { explainLoadFailure } from '../onnx/explain-load-failure';
import type { DecoderRange } from '../onnx/image-layout';
import type { SessionSettings } from '../onnx/load-session';
import { loadSdPipeline } from '../onnx/sd-pipeline';
import { TINY_REQUEST } from '../onnx/tiny-request';
import { measureDecoderValues, readDecoderRange } from './decoder-range';
import { MIN_NEIGHBOUR_CORRELATION, neighbourCorrelation } from './image-structure';
import type { ModelManifest } from './manifest';

export class ModelProofError extends Error {
  constructor(
    readonly model: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Model "${model}" refused: ${reason}`, options);
    this.name = 'ModelProofError';
  }
}

/**
 * How far the proof image may move through the image encoder and back, as a share of how far it
 * lies from its own mean colour (what a blind guess of one flat colour would miss by). A matching
 * TAESD pair keeps the picture; an encoder of another autoencoder, fed the wrong range, or
 * untrained, loses most of it.
 */
export const ROUND_TRIP_TOLERANCE = 0.5;

/**
 * The round trip's mean absolute error over the image's mean absolute deviation from its own
 * per-channel mean, both on values clamped to the decoder's range.
 */
function roundTripError(image: Float32Array, back: Float32Array, range: DecoderRange): number {
  const [low, high] = range === 'minus_one_to_one' ? [-1, 1] : [0, 1];
  const clamp = (v: number) => Math.min(high, Math.max(low, v));
  const plane = image.length / 3;
  let error = 0;
  let deviation = 0;
  for (let c = 0; c < 3; c++) {
    let mean = 0;
    for (let i = c * plane; i < (c + 1) * plane; i++) mean += clamp(image[i] as number) / plane;
    for (let i = c * plane; i < (c + 1) * plane; i++) {
      const v = clamp(image[i] as number);
      error += Math.abs(v - clamp(back[i] as number));
      deviation += Math.abs(v - mean);
    }
  }
  return deviation === 0 ? Infinity : error / deviation;
}

export interface ProofSize {
  width: number;
  height: number;
}

export interface ModelProof {
  ms: number;
  /** The size the proof image was made at: the model's own unless the caller chose one. */
  size: ProofSize;
  /** How much of the proof image's variation neighbouring pixels share (1: smooth, 0: noise). */
  neighbourCorrelation: number;
  /** What the proof image showed of the decoder: recorded in the installed manifest. */
  decoder: Required<Pick<ModelManifest['decoder'], 'outputRange' | 'measured'>>;
  /** With an image encoder: the round trip's error relative to the proof image's variation. */
  roundTrip?: number;
}

/**
 * Opens every session of the model in `dir` with the provider the server uses and makes one
 * one-step image at the model's native size (`manifest.defaults`, where a tiny decoder or a
 * one-step model that only degenerates at small sizes shows it), so a model that cannot run here
 * is refused before it replaces anything. The image must be finite (the pipeline refuses NaN),
 * not constant, inside the decoder's range (measured here rather than assumed) and shaped like an
 * image: its neighbouring pixels must share at least `MIN_NEIGHBOUR_CORRELATION` of its variation,
 * which noise does not. With an image encoder, the proof image goes through the encoder and the
 * decoder again and must come back within `ROUND_TRIP_TOLERANCE`.
 */
export async function proveModel(
  dir: string,
  manifest: ModelManifest,
  settings: SessionSettings,
  size: ProofSize = manifest.defaults,
): Promise<ModelProof> {
  const started = performance.now();
  let pipeline: Awaited<ReturnType<typeof loadSdPipeline>> | undefined;
  try {
    pipeline = await loadSdPipeline(dir, manifest, settings);
    const request = { ...TINY_REQUEST, width: size.width, height: size.height };
    const out = await pipeline.run(request, new AbortController().signal, () => undefined);
    if (out.width !== size.width || out.height !== size.height) {
      throw new Error(
        `a ${size.width}×${size.height} request produced a ${out.width}×${out.height} image`,
      );
    }
    const values = measureDecoderValues(out.decoded);
    const read = readDecoderRange(values, manifest.decoder.outputRange);
    if ('refused' in read) throw new ModelProofError(manifest.name, read.refused);
    const correlation = neighbourCorrelation(out.decoded, out.width, out.height);
    if (!(correlation >= MIN_NEIGHBOUR_CORRELATION)) {
      throw new ModelProofError(
        manifest.name,
        `the ${size.width}×${size.height} proof image is noise, not a picture: neighbouring pixels share ${(correlation * 100).toFixed(0)} % of its variation (at least ${MIN_NEIGHBOUR_CORRELATION * 100} % expected of an image)`,
      );
    }
    const measured = { min: values.min, max: values.max };
    const decoder = { outputRange: read.outputRange, measured };
    let roundTrip: number | undefined;
    if (pipeline.roundTrip) {
      const back = await pipeline.roundTrip(out.decoded, out.width, out.height, read.outputRange);
      roundTrip = roundTripError(out.decoded, back.decoded, decoder.outputRange);
      if (!(roundTrip <= ROUND_TRIP_TOLERANCE)) {
        throw new ModelProofError(
          manifest.name,
          `the image encoder does not invert the decoder: through ${manifest.components.encoder} and back, the proof image moved by ${(roundTrip * 100).toFixed(0)} % of its own variation (at most ${ROUND_TRIP_TOLERANCE * 100} % allowed)`,
        );
      }
    }
    return {
      ms: performance.now() - started,
      size,
      neighbourCorrelation: correlation,
      decoder,
      ...(roundTrip === undefined ? {} : { roundTrip }),
    };
  } catch (error) {
    if (error instanceof ModelProofError) throw error;
    // loadSession's errors already name the file and explain the failure.
    const reason = isImageGenError(error) ? error.message : explainLoadFailure(error);
    throw new ModelProofError(manifest.name, reason, { cause: error });
  } finally {
    await pipeline?.close();
  }
}
