/**
 * Builds the tiny preview model set: `tsx scripts/build-preview-model.ts <modelsDir> [fp32|fp16]`.
 * The server and tests call ensurePreviewModel() themselves; this is for inspecting the files.
 */
import { resolve } from 'node:path';
import { ensurePreviewModel } from '../src/preview/ensure-preview-model';

const [target = 'data/models', precision = 'fp32'] = process.argv.slice(2);
if (precision !== 'fp32' && precision !== 'fp16') {
  console.error('precision must be fp32 or fp16');
  process.exit(2);
}
const name = await ensurePreviewModel(resolve(target), precision);
console.log(`Preview model ready: ${resolve(target, name)}`);
