import { A1111_CAPABILITIES } from '../backends/a1111/a1111-backend';
import { comfyCapabilities } from '../backends/comfyui/comfyui-backend';
import { openAiCapabilities } from '../backends/openai/openai-backend';
import type { BackendCapabilities } from '../types';
import type { CatalogEntry } from './model-catalog-schema';

/**
 * What a GPU-server or images-API model can do, known from its catalog entry alone (no
 * connection), so a process that does not run the model (the API beside remote workers) can offer
 * only those actions. The same values the opened backend declares. Undefined for embedded models:
 * theirs depend on the installed files (an image encoder), known once the model is opened.
 */
export function remoteCapabilitiesForEntry(entry: CatalogEntry): BackendCapabilities | undefined {
  switch (entry.backend) {
    case 'comfyui':
      return comfyCapabilities(entry.ipAdapter !== undefined);
    case 'a1111':
      return A1111_CAPABILITIES;
    case 'openai':
      return openAiCapabilities(entry.edits);
    case 'onnx':
    case 'preview':
      return undefined;
  }
}
