import { join } from 'node:path';
import type ort from 'onnxruntime-node';
import type { ModelManifest } from '../models/manifest';
import { createEulerSchedule, eulerStep, scaleModelInput } from '../scheduler/euler-discrete';
import type { ClipTokenizer } from '../tokenizer/clip-tokenizer';
import { loadClipTokenizer } from '../tokenizer/load-clip-tokenizer';
import type { GenerationStage, ResolvedRequest } from '../types';
import { BadResponseError } from '../errors';
import { throwIfAborted } from '../util/abort';
import { gaussianNoise } from '../util/random';
import { countNonFinite, planarToRgbBytes, scaleLatents } from './image-layout';
import { loadSession, type SessionSettings } from './load-session';
import { batchOf, readSessionPorts, type SessionPorts } from './session-io';
import { floatTensor, idsTensor, tensorToFloat32, timestepTensor } from './tensor-convert';

/** Folder inside a model's folder for ONNX Runtime's optimised graphs. */
export const CACHE_DIR = '.ort-cache';

interface Stage {
  session: ort.InferenceSession;
  ports: SessionPorts;
}

export interface PipelineOutput {
  rgb: Uint8Array;
  width: number;
  height: number;
  timings: Partial<Record<GenerationStage, number>>;
  /** The decoder's planar output before it became bytes: what the proof measures. */
  decoded: Float32Array;
}

export interface SdPipeline {
  run(
    request: ResolvedRequest,
    signal: AbortSignal,
    onProgress: (fraction: number, stage: GenerationStage) => void,
  ): Promise<PipelineOutput>;
  close(): Promise<void>;
}

async function loadStage(path: string, settings: SessionSettings): Promise<Stage> {
  const session = await loadSession(path, settings);
  return { session, ports: readSessionPorts(session) };
}

/**
 * Text-to-image for Stable-Diffusion-family ONNX exports (no classifier-free guidance: turbo
 * models are distilled without it). Every tensor name and dtype comes from session metadata.
 */
export async function loadSdPipeline(
  dir: string,
  manifest: ModelManifest,
  settings: SessionSettings,
): Promise<SdPipeline> {
  const { components } = manifest;
  // Optimised graphs live in the model's own folder: they go when the model is replaced.
  const sessionSettings = { ...settings, cacheDir: settings.cacheDir ?? join(dir, CACHE_DIR) };
  const tokenizer: ClipTokenizer = await loadClipTokenizer(join(dir, components.tokenizer));
  const [encoder, unet, decoder] = await Promise.all([
    loadStage(join(dir, components.textEncoder), sessionSettings),
    loadStage(join(dir, components.unet), sessionSettings),
    loadStage(join(dir, components.decoder), sessionSettings),
  ]);
  const ids = encoder.ports.input(['input_ids', 'input'], 0, 'token input');
  const hidden = encoder.ports.output(
    ['last_hidden_state', 'text_embeddings'],
    0,
    'hidden-state output',
  );
  const sample = unet.ports.input(['sample'], 0, 'latent input');
  const timestep = unet.ports.input(['timestep', 'timesteps', 't'], 1, 'timestep input');
  const context = unet.ports.input(['encoder_hidden_states'], 2, 'text-conditioning input');
  const noiseOut = unet.ports.output(['out_sample', 'noise_pred'], 0, 'noise output');
  const latentIn = decoder.ports.input(['latent_sample', 'latent', 'z'], 0, 'latent input');
  const imageOut = decoder.ports.output(['sample', 'image'], 0, 'image output');
  const timestepDims = timestep.shape.length === 0 ? [] : [batchOf(timestep)];

  async function run(
    request: ResolvedRequest,
    signal: AbortSignal,
    onProgress: (fraction: number, stage: GenerationStage) => void,
  ): Promise<PipelineOutput> {
    const timings: Partial<Record<GenerationStage, number>> = {};
    let mark = performance.now();
    const lap = (stage: GenerationStage) => {
      const now = performance.now();
      timings[stage] = (timings[stage] ?? 0) + (now - mark);
      mark = now;
    };

    onProgress(0, 'tokenize');
    const tokenIds = tokenizer.encode(request.prompt);
    lap('tokenize');
    throwIfAborted(signal);

    onProgress(0.05, 'encode');
    const encoded = await encoder.session.run({ [ids.name]: idsTensor(ids.type, tokenIds) }, [
      hidden.name,
    ]);
    const hiddenTensor = encoded[hidden.name] as ort.Tensor;
    // Keep the encoder's own tensor when dtypes already match: no round trip through fp32.
    const contextTensor =
      hiddenTensor.type === context.type
        ? hiddenTensor
        : floatTensor(context.type, tensorToFloat32(hiddenTensor), hiddenTensor.dims);
    lap('encode');
    throwIfAborted(signal);

    const scale = manifest.latentScale;
    const latentDims = [1, 4, request.height / scale, request.width / scale];
    const schedule = createEulerSchedule(request.steps, manifest.scheduler);
    const latents = gaussianNoise(
      latentDims.reduce((a, b) => a * b, 1),
      request.seed,
      schedule.initNoiseSigma,
    );
    for (let i = 0; i < schedule.timesteps.length; i++) {
      onProgress(0.1 + (0.8 * i) / schedule.timesteps.length, 'denoise');
      const sigma = schedule.sigmas[i] as number;
      const out = await unet.session.run(
        {
          [sample.name]: floatTensor(sample.type, scaleModelInput(latents, sigma), latentDims),
          [timestep.name]: timestepTensor(
            timestep.type,
            schedule.timesteps[i] as number,
            timestepDims,
          ),
          [context.name]: contextTensor,
        },
        [noiseOut.name],
      );
      eulerStep(
        latents,
        tensorToFloat32(out[noiseOut.name] as ort.Tensor),
        sigma,
        schedule.sigmas[i + 1] as number,
      );
      throwIfAborted(signal);
    }
    lap('denoise');

    onProgress(0.9, 'decode');
    const decoderInput = scaleLatents(latents, 1 / manifest.decoder.scalingFactor);
    const decoderOut = await decoder.session.run(
      { [latentIn.name]: floatTensor(latentIn.type, decoderInput, latentDims) },
      [imageOut.name],
    );
    const image = decoderOut[imageOut.name] as ort.Tensor;
    const [, , height = 0, width = 0] = image.dims;
    const decoded = tensorToFloat32(image);
    const broken = countNonFinite(decoded);
    if (broken > 0) {
      throw new BadResponseError(
        `${components.decoder} produced ${broken} of ${decoded.length} values that are not finite (NaN or infinity): the model's weights or precision are broken, so no image is made.`,
      );
    }
    const rgb = planarToRgbBytes(decoded, width, height, manifest.decoder.outputRange);
    lap('decode');
    return { rgb, width, height, timings, decoded };
  }

  async function close() {
    await Promise.all([encoder, unet, decoder].map((stage) => stage.session.release()));
  }

  return { run, close };
}
