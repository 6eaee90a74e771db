import { presetOptionsSchema, type Preset } from '@nocturne/contract/presets/preset';
import type { presets } from './presets-tables';

export type PresetRow = typeof presets.$inferSelect;

/** A row as the API shows it; the options pass the contract again, so defaults fill old rows. */
export function toPreset(row: PresetRow): Preset {
  return {
    id: row.id,
    name: row.name,
    options: presetOptionsSchema.parse(row.options),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
