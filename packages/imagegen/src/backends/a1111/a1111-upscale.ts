import { z } from 'zod';
import { BackendConfigError, BadResponseError } from '../../errors';
import { backendFetch, decodeBase64Image, readJson } from '../http';

// GET /sdapi/v1/upscalers: [{name, model_name, model_path, model_url, scale}] (modules/api/models.py
// UpscalerItem); `upscaler_1` takes the `name`.
const upscalersSchema = z.array(z.object({ name: z.string() }).loose());
// POST /sdapi/v1/extra-single-image answers {html_info, image} (ExtrasSingleImageResponse).
const extrasSchema = z.object({ image: z.string().min(1) });

/** How long an upscaler found on the server is trusted before it is looked up again. */
export const UPSCALER_CHECK_TTL_MS = 30_000;

/**
 * A1111 fails an unknown `upscaler_1` only deep in postprocessing ("could not find upscaler
 * named …", a 500 that names nothing the operator can pick), so the upscaler is looked up first,
 * like checkpoints (a1111-checkpoints.ts), and a missing one is an error listing what it has.
 */
export function upscalerGuard(base: string, headers: Record<string, string>, wanted: string) {
  let foundAt = -Infinity;
  return async (signal: AbortSignal): Promise<void> => {
    if (Date.now() - foundAt < UPSCALER_CHECK_TTL_MS) return;
    const response = await backendFetch('AUTOMATIC1111', `${base}/sdapi/v1/upscalers`, {
      headers,
      signal,
    });
    const parsed = upscalersSchema.safeParse(await readJson('AUTOMATIC1111', response, signal));
    if (!parsed.success)
      throw new BadResponseError(`AUTOMATIC1111 at ${base}: /sdapi/v1/upscalers is not a list.`);
    const names = parsed.data.map((item) => item.name);
    if (!names.includes(wanted)) {
      const offered = names.map((name) => `"${name}"`).join(', ') || 'none';
      throw new BackendConfigError(
        `AUTOMATIC1111 at ${base} has no upscaler "${wanted}"; it offers: ${offered}. Set the model's upscaler to one of them.`,
      );
    }
    foundAt = Date.now();
  };
}

/**
 * Enlarges a PNG by `factor` with one of A1111's upscalers: `/sdapi/v1/extra-single-image` with
 * `resize_mode` 0 ("scale by") and `upscaling_resize` = factor, which gives exactly factor × the
 * source's sides for a whole factor (modules/postprocessing.py, scripts/postprocessing_upscale.py).
 */
export async function upscaleWithUpscaler(options: {
  base: string;
  headers: Record<string, string>;
  upscaler: string;
  png: Buffer;
  factor: number;
  signal: AbortSignal;
}): Promise<Buffer> {
  const { base, headers, upscaler, png, factor, signal } = options;
  const response = await backendFetch('AUTOMATIC1111', `${base}/sdapi/v1/extra-single-image`, {
    method: 'POST',
    headers,
    signal,
    body: JSON.stringify({
      image: png.toString('base64'),
      resize_mode: 0,
      upscaling_resize: factor,
      upscaler_1: upscaler,
      show_extras_results: true,
    }),
  });
  const parsed = extrasSchema.safeParse(await readJson('AUTOMATIC1111', response, signal));
  if (!parsed.success)
    throw new BadResponseError('AUTOMATIC1111 extra-single-image answer has no image.');
  return decodeBase64Image('AUTOMATIC1111', parsed.data.image);
}
