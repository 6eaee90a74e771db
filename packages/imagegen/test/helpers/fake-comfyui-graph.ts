import type { IncomingMessage } from 'node:http';
import sharp from 'sharp';

type Graph = Record<string, { class_type?: string; inputs: Record<string, unknown> }>;
export interface Size {
  width: number;
  height: number;
}

/** The scale of every upscale model the fake offers (as the usual 4x-… ESRGAN models have). */
export const FAKE_UPSCALE_MODEL_SCALE = 4;

/**
 * The size of the image a workflow saves, following its links as ComfyUI's nodes shape their
 * outputs (in pixels; a latent counts as the image it decodes to): LoadImage is the uploaded
 * file's size, LatentUpscaleBy multiplies by `scale_by`, ImageUpscaleWithModel by the model's
 * scale, ImageScale sets `width`×`height`; the others (the inpainting encoders and latent mask
 * among them) pass their input's size on.
 */
export function savedImageSize(graph: Graph, uploads: Map<string, Size>): Size | undefined {
  const sizeOf = (link: unknown): Size | undefined => {
    if (!Array.isArray(link)) return undefined;
    const node = graph[String(link[0])];
    if (!node) return undefined;
    const { inputs } = node;
    switch (node.class_type) {
      case 'LoadImage':
        return uploads.get(String(inputs.image));
      case 'EmptyLatentImage':
      case 'ImageScale':
        return { width: Number(inputs.width), height: Number(inputs.height) };
      case 'LatentUpscaleBy':
        return scaled(sizeOf(inputs.samples), Number(inputs.scale_by));
      case 'ImageUpscaleWithModel':
        return scaled(sizeOf(inputs.image), FAKE_UPSCALE_MODEL_SCALE);
      case 'VAEEncode':
      case 'VAEEncodeForInpaint':
        return sizeOf(inputs.pixels);
      case 'SetLatentNoiseMask':
        return sizeOf(inputs.samples);
      case 'KSampler':
        return sizeOf(inputs.latent_image);
      case 'VAEDecode':
        return sizeOf(inputs.samples);
      default:
        return undefined;
    }
  };
  const save = Object.values(graph).find((node) => node.class_type === 'SaveImage');
  return save && sizeOf(save.inputs.images);
}

const scaled = (size: Size | undefined, by: number) =>
  size && { width: Math.round(size.width * by), height: Math.round(size.height * by) };

/**
 * POST /upload/image as server.py's `image_upload` reads it: the multipart `image` file (a 400
 * without one), stored under its file name; answers {name, subfolder, type}.
 */
export async function readUpload(
  req: IncomingMessage,
  raw: Buffer,
): Promise<{ name: string; png: Buffer; size: Size } | undefined> {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.startsWith('multipart/form-data')) return undefined;
  const form = await new Response(new Uint8Array(raw), {
    headers: { 'content-type': contentType },
  }).formData();
  const file = form.get('image');
  if (!file || typeof file === 'string') return undefined;
  const png = Buffer.from(await file.arrayBuffer());
  const meta = await sharp(png).metadata();
  return { name: file.name, png, size: { width: meta.width, height: meta.height } };
}

/** A preview frame as server.py sends it: event 1 (PREVIEW_IMAGE), 1 JPEG or 2 PNG, the image. */
export async function previewFrame(format: 'jpeg' | 'png', size: Size): Promise<Buffer> {
  const image = sharp({
    create: { ...size, channels: 3, background: { r: 10, g: 120, b: 200 } },
  });
  const encoded = await (format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
  const header = Buffer.alloc(8);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(format === 'jpeg' ? 1 : 2, 4);
  return Buffer.concat([header, encoded]);
}
