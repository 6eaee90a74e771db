import { familyDefaults } from '../model-catalog/checkpoint-family';
import { catalogEntrySchema, type CatalogEntry } from '../model-catalog/model-catalog-schema';
import type { DiscoveredServer } from './discover-server';

/** The variables a discovered A1111 entry names for its basic-auth credentials. */
export const DISCOVERED_CREDENTIALS = {
  usernameEnv: 'A1111_USERNAME',
  passwordEnv: 'A1111_PASSWORD',
};

/** "SDXL/juggernautXL_v9.safetensors" → "juggernautXL_v9". */
function baseName(checkpoint: string): string {
  return (checkpoint.split(/[\\/]/).pop() ?? checkpoint).replace(
    /\.(safetensors|ckpt|pt|pth|bin|gguf)$/i,
    '',
  );
}

function idFor(checkpoint: string, taken: Set<string>): string {
  const slug =
    baseName(checkpoint)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 56) || 'model';
  let id = slug;
  for (let n = 2; taken.has(id); n++) id = `${slug}-${n}`;
  taken.add(id);
  return id;
}

/**
 * One catalog entry per checkpoint, free at 1 credit, with the family's size, steps and sampling
 * (`familyDefaults`), ready to paste into MODELS_FILE and edit (names, tiers, prices, licences).
 */
export function discoveredEntries(
  server: DiscoveredServer,
  options: { withCredentials: boolean },
): CatalogEntry[] {
  const taken = new Set<string>();
  return server.checkpoints.map((checkpoint) => {
    const family = familyDefaults(server.backend, checkpoint);
    return catalogEntrySchema.parse({
      id: idFor(checkpoint, taken),
      name: baseName(checkpoint).slice(0, 80),
      description: `${checkpoint} on ${server.url}`.slice(0, 400),
      backend: server.backend,
      tier: 'free',
      creditCost: 1,
      url: server.url,
      checkpoint,
      nativeSize: family.nativeSize,
      quality: family.quality,
      ...(options.withCredentials ? { credentials: DISCOVERED_CREDENTIALS } : {}),
    });
  });
}
