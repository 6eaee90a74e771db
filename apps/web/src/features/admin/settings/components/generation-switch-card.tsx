import { zodResolver } from '@hookform/resolvers/zod';
import {
  GENERATION_MODES,
  putServiceSettingsRequestSchema,
  SERVICE_MESSAGE_MAX,
  type GenerationMode,
  type ServiceStatus,
} from '@nocturne/contract/admin/service-settings';
import { PRODUCT_ERRORS } from '@nocturne/contract/errors/product-errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { limitHint } from '../../../../components/forms/limit-hint';
import { Button } from '../../../../components/ui/button';
import { SectionCard } from '../../../../components/ui/section-card';
import { Select } from '../../../../components/ui/select';
import { Textarea } from '../../../../components/ui/textarea';
import { fieldProps } from '../../../../lib/forms/field-props';
import { limitMessages } from '../../components/text-limits';
import { putSettings, settingsQueryOptions } from '../api/settings-api';
import { SaveFeedback } from './save-feedback';

const LABELS: Record<GenerationMode, string> = {
  on: 'On: everyone may generate',
  premium_only: 'Premium only: free accounts are paused',
  off: 'Off: nobody may generate',
};

/** A message over its limit is refused in words that name the limit, never cut. */
const MESSAGE_LIMIT = limitMessages({
  message: { subject: 'The message', max: SERVICE_MESSAGE_MAX },
});

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
  const form = useForm({
    resolver: zodResolver(putServiceSettingsRequestSchema, MESSAGE_LIMIT),
    defaultValues: { generation: status.generation, message: status.message },
  });
  const [generation, message] = useWatch({
    control: form.control,
    name: ['generation', 'message'],
  });
  const save = useMutation({
    mutationFn: putSettings,
    onSuccess: (next) => queryClient.setQueryData(settingsQueryOptions.queryKey, next),
  });
  const submit = form.handleSubmit((settings) => save.mutate(settings));
  const shown = message?.trim() || PRODUCT_ERRORS.GENERATION_PAUSED.message;
  return (
    <SectionCard
      id="generation-switch"
      title="Generation"
      description="Pause generation during an incident. A refused submit charges nothing."
    >
      <form className="space-y-4" onSubmit={submit}>
        <Select
          label="Generation"
          options={GENERATION_MODES.map((mode) => ({ value: mode, label: LABELS[mode] }))}
          {...fieldProps(form, 'generation')}
        />
        <Textarea
          label="Message people see while paused"
          rows={3}
          hint={limitHint(undefined, (message ?? '').trim().length, SERVICE_MESSAGE_MAX)}
          placeholder={PRODUCT_ERRORS.GENERATION_PAUSED.message}
          {...fieldProps(form, 'message')}
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
