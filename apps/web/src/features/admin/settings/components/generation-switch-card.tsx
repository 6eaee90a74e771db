import {
  GENERATION_MODES,
  SERVICE_MESSAGE_MAX,
  type GenerationMode,
  type ServiceStatus,
} from '@nocturne/contract/admin/service-settings';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { Button } from '../../../../components/ui/button';
import { SectionCard } from '../../../../components/ui/section-card';
import { Select } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { putSettings, settingsQueryOptions } from '../api/settings-api';
import { SaveFeedback } from './save-feedback';

const LABELS: Record<GenerationMode, string> = {
  on: 'On: everyone may generate',
  premium_only: 'Premium only: free accounts are paused',
  off: 'Off: nobody may generate',
};

/**
 * The generation switch with the message paused people see, previewed by `Preview`: the
 * generation modal's own notice, passed in by the route.
 */
export function GenerationSwitchCard({
  status,
  Preview,
}: {
  status: ServiceStatus;
  Preview: ComponentType<{ message: string }>;
}) {
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(status.generation);
  const [message, setMessage] = useState(status.message);
  const save = useMutation({
    mutationFn: () => putSettings({ generation, message }),
    onSuccess: (next) => queryClient.setQueryData(settingsQueryOptions.queryKey, next),
  });
  const shown = message.trim() || PRODUCT_ERRORS.GENERATION_PAUSED.message;
  return (
    <SectionCard
      id="generation-switch"
      title="Generation"
      description="Pause generation during an incident. A refused submit charges nothing."
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <Select
          label="Generation"
          value={generation}
          onChange={(event) => setGeneration(event.target.value as GenerationMode)}
          options={GENERATION_MODES.map((mode) => ({ value: mode, label: LABELS[mode] }))}
        />
        <Textarea
          label="Message people see while paused"
          value={message}
          maxLength={SERVICE_MESSAGE_MAX}
          rows={3}
          placeholder={PRODUCT_ERRORS.GENERATION_PAUSED.message}
          onChange={(event) => setMessage(event.target.value)}
        />
        {generation !== 'on' && (
          <div className="space-y-2">
            <p className="text-xs text-zinc-400">
              How it looks in the generation modal
              {generation === 'premium_only' ? ' (for people without premium)' : ''}:
            </p>
            <Preview message={shown} />
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            Save generation switch
          </Button>
          <SaveFeedback
            error={save.error}
            saved={save.isSuccess}
            savedText="Saved: it applies now."
          />
        </div>
      </form>
    </SectionCard>
  );
}
