import type {
  GenerationKind,
  UpscaleFactor,
} from '@nocturne/contract/generations/derive-generation';
import { AppError } from '../../lib/app-error';
import { availabilityOf, firstAvailable, readModelReports } from './model-availability';
import { derivedImageCosts } from './model-capabilities';
import type { ModelRegistry } from './model-registry';
import type { ModelSwitchesCache } from './model-switches';
import type { SubmitModels } from './app-models';
import type { SubmitModel } from './model-types';

/**
 * What one image of this kind costs on the model (the submit and a retry charge this): an upscale
 * by its factor, ×4 at its own price; an inpaint redraws part of a result as a variation does, at
 * a variation's price.
 */
export function creditCostOf(
  model: SubmitModel,
  kind: GenerationKind,
  upscaleFactor?: UpscaleFactor | null,
): number {
  if (kind === 'variation' || kind === 'inpaint') return model.variationCost;
  if (kind === 'upscale') return upscaleFactor === 4 ? model.upscale4Cost : model.upscaleCost;
  return model.creditCost;
}

/**
 * The catalog behind the submit: unknown → UNKNOWN_MODEL; premium for a free person →
 * MODEL_REQUIRES_PREMIUM; switched off by an operator (the cached switches, no query), no worker
 * heard from within `livenessMs`, or an engine its workers find not installed, unreachable or
 * misconfigured (model-availability.ts) → MODEL_UNAVAILABLE with the person-safe reason. Absent,
 * the plan's default, or while it is unavailable the next available model of the plan
 * (registry.candidatesFor). A LoRA whose file its workers lack is not offered (GET /models leaves
 * it out) → UNKNOWN_LORA. Called inside the submit's transaction, before anything is charged.
 */
export function catalogSubmitModels(
  registry: ModelRegistry,
  livenessMs: number,
  switches: ModelSwitchesCache,
): SubmitModels {
  return {
    async choose(tx, requested, premium, loras = []) {
      const asked = requested === undefined ? undefined : registry.find(requested);
      if (requested !== undefined && !asked)
        throw new AppError('UNKNOWN_MODEL', { details: { model: requested } });
      if (asked?.tier === 'premium' && !premium)
        throw new AppError('MODEL_REQUIRES_PREMIUM', { details: { model: asked.id } });
      const candidates = asked ? [asked] : registry.candidatesFor(premium);
      const current = await switches.read(tx);
      const ids = candidates.map((candidate) => candidate.id);
      const reports = await readModelReports(tx, livenessMs, ids);
      const availability = (id: string) => availabilityOf(id, reports.get(id), current);
      const entry = firstAvailable(candidates, availability);
      if (!entry) {
        const [first] = ids;
        const { reason } = availability(first ?? '');
        throw new AppError('MODEL_UNAVAILABLE', { details: { model: first, reason } });
      }
      const lacking = reports.get(entry.id)?.health?.unavailableLoras ?? [];
      const missing = loras.find((lora) => lacking.includes(lora.file));
      if (missing) {
        throw new AppError('UNKNOWN_LORA', { details: { lora: missing.id, model: entry.id } });
      }
      const cost = (credits: number) => (premium ? 0 : credits);
      const derived = derivedImageCosts(entry);
      return {
        id: entry.id,
        creditCost: cost(entry.creditCost),
        variationCost: cost(derived.variation),
        upscaleCost: cost(derived.upscale),
        upscale4Cost: cost(derived.upscale4),
      };
    },
  };
}
