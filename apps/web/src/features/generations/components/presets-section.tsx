import { PRESETS_PER_PERSON_MAX } from '@nocturne/contract/presets/preset';
import { AlertText } from '../../../components/ui/alert-text';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/get-error-message';
import { usePresetsQuery } from '../api/get-presets';
import { PresetItem } from './preset-item';

/** /profile: the person's saved presets, renamed or deleted here, applied in the modal. */
export function PresetsSection() {
  const presets = usePresetsQuery();
  return (
    <SectionCard
      id="profile-presets"
      title="Presets"
      description={`Saved generation options, up to ${PRESETS_PER_PERSON_MAX}. Save one from the Generate Image window.`}
    >
      {presets.isPending && <Spinner />}
      {presets.isError && <AlertText>{getErrorMessage(presets.error)}</AlertText>}
      {presets.data?.length === 0 && (
        <p className="text-sm text-zinc-400">You have no presets yet.</p>
      )}
      {presets.data && presets.data.length > 0 && (
        <ul aria-label="Presets" className="divide-y divide-glass-border">
          {presets.data.map((preset) => (
            <PresetItem key={preset.id} preset={preset} />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
