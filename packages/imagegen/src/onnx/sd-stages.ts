import type ort from 'onnxruntime-node';
import { BadResponseError } from '../errors';
import type { ModelManifest } from '../models/manifest';
import { scaleModelInput } from '../scheduler/euler-discrete';
import { countNonFinite, planarToRgbBytes, scaleLatents } from './image-layout';
import { loadSession, type SessionSettings } from './load-session';
import { batchOf, readSessionPorts, type SessionPorts } from './session-io';
import { floatTensor, tensorToFloat32, timestepTensor } from './tensor-convert';

export interface Stage {
  session: ort.InferenceSession;
  ports: SessionPorts;
}

export async function loadStage(path: string, settings: SessionSettings): Promise<Stage> {
  const session = await loadSession(path, settings);
  return { session, ports: readSessionPorts(session) };
}

/** One UNet call: the noise it predicts for `latents` at `sigma` (scaled input, as diffusers). */
export function unetCaller(unet: Stage) {
  const sample = unet.ports.input(['sample'], 0, 'latent input');
  const timestep = unet.ports.input(['timestep', 'timesteps', 't'], 1, 'timestep input');
  const context = unet.ports.input(['encoder_hidden_states'], 2, 'text-conditioning input');
  const noiseOut = unet.ports.output(['out_sample', 'noise_pred'], 0, 'noise output');
  const timestepDims = timestep.shape.length === 0 ? [] : [batchOf(timestep)];
  return {
    contextType: context.type,
    async predictNoise(
      latents: Float32Array,
      dims: number[],
      sigma: number,
      t: number,
      contextTensor: ort.Tensor,
    ): Promise<Float32Array> {
      const out = await unet.session.run(
        {
          [sample.name]: floatTensor(sample.type, scaleModelInput(latents, sigma), dims),
          [timestep.name]: timestepTensor(timestep.type, t, timestepDims),
          [context.name]: contextTensor,
        },
        [noiseOut.name],
      );
      return tensorToFloat32(out[noiseOut.name] as ort.Tensor);
    },
  };
}

export interface DecodedImage {
  rgb: Uint8Array;
  width: number;
  height: number;
  /** The decoder's planar output before it became bytes: what the proof measures. */
  decoded: Float32Array;
}

/** Latents (in the UNet's scale) → RGB bytes; refuses an image with NaN or infinity in it. */
export function decoderCaller(decoder: Stage, manifest: ModelManifest) {
  const latentIn = decoder.ports.input(['latent_sample', 'latent', 'z'], 0, 'latent input');
  const imageOut = decoder.ports.output(['sample', 'image'], 0, 'image output');
  return async (latents: Float32Array, dims: number[]): Promise<DecodedImage> => {
    const input = scaleLatents(latents, 1 / manifest.decoder.scalingFactor);
    const out = await decoder.session.run(
      { [latentIn.name]: floatTensor(latentIn.type, input, dims) },
      [imageOut.name],
    );
    const image = out[imageOut.name] as ort.Tensor;
    const [, , height = 0, width = 0] = image.dims;
    const decoded = tensorToFloat32(image);
    const broken = countNonFinite(decoded);
    if (broken > 0) {
      throw new BadResponseError(
        `${manifest.components.decoder} produced ${broken} of ${decoded.length} values that are not finite (NaN or infinity): the model's weights or precision are broken, so no image is made.`,
      );
    }
    const rgb = planarToRgbBytes(decoded, width, height, manifest.decoder.outputRange);
    return { rgb, width, height, decoded };
  };
}

/**
 * A planar image in [-1, 1] (what a diffusers VAE encoder's `sample` takes, TAESD's included) →
 * latents in the UNet's scale: the encoder's output times the decoder's scaling factor, as
 * diffusers' img2img does. A KL encoder's 8 channels (mean, log-variance) give their mean.
 */
export function encoderCaller(encoder: Stage, manifest: ModelManifest) {
  const imageIn = encoder.ports.input(['sample', 'image', 'x'], 0, 'image input');
  const latentOut = encoder.ports.output(
    ['latent_sample', 'latent_parameters', 'latent', 'latents'],
    0,
    'latent output',
  );
  const scale = manifest.latentScale;
  return async (planar: Float32Array, width: number, height: number): Promise<Float32Array> => {
    const out = await encoder.session.run(
      { [imageIn.name]: floatTensor(imageIn.type, planar, [1, 3, height, width]) },
      [latentOut.name],
    );
    const latent = tensorToFloat32(out[latentOut.name] as ort.Tensor);
    const length = 4 * (height / scale) * (width / scale);
    if (latent.length < length) {
      throw new BadResponseError(
        `${manifest.components.encoder} returned ${latent.length} values for a ${width}×${height} image; expected ${length}.`,
      );
    }
    const mean = latent.subarray(0, length);
    const broken = countNonFinite(mean);
    if (broken > 0) {
      throw new BadResponseError(
        `${manifest.components.encoder} produced ${broken} latent values that are not finite.`,
      );
    }
    return scaleLatents(Float32Array.from(mean), manifest.decoder.scalingFactor);
  };
}
