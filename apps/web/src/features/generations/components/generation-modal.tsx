import { useEffect, useState } from 'react';
import { hasSufficientCredits } from '@nocturne/contract/credits/credit-status';
import type { GenerationDefaults } from '@nocturne/contract/users/preferences';
import { Modal } from '../../../components/ui/modal';
import { realtime, type RealtimeClient } from '../../../lib/realtime';
import { isGenerationRunning } from '../flow/generation-flow-reducer';
import { GENERATION_MESSAGES } from '../flow/generation-flow-state';
import { useGenerationFlow } from '../hooks/use-generation-flow';
import { useModelChoice } from '../hooks/use-model-choice';
import { useProgressTitle } from '../hooks/use-progress-title';
import { useUpgradeOffer } from '../hooks/use-upgrade-offer';
import {
  formValuesFromDefaults,
  formValuesFromPreset,
  requestOptions,
  type GenerationFormValues,
  type GenerationPreset,
} from '../utils/generation-form-values';
import { ignoredChoices, submitCost } from '../utils/model-choice';
import { GenerationCompletionStep } from './generation-completion-step';
import { GenerationFailedPanel } from './generation-failed-panel';
import { GenerationInputStep } from './generation-input-step';
import { useGenerationPausedMessage } from '../hooks/use-generation-paused-message';
import { GenerationProgressStep } from './generation-progress-step';
import { UpgradeModal } from './upgrade-modal';
import { DeriveButtons } from './derive-buttons';
import type { DeriveStart } from '../utils/derive-actions';

export const GENERATION_MODAL_TITLE = 'Generate Image';

export interface GenerationModalProps {
  open: boolean;
  onClose: () => void;
  /** From the credit state (read in the app layer): premium or a balance above 0. */
  canGenerate: boolean;
  isPremium: boolean;
  balance: number;
  /** The credit state is not known yet: neither the cost nor a refusal can be stated. */
  creditsLoading?: boolean;
  /** The person's starting options (preferences); the contract's defaults when absent. */
  defaults?: GenerationDefaults;
  /** 'Use these settings': the modal opens filled with them instead of the defaults. */
  preset?: GenerationPreset | null;
  /** Whether the options panel starts open (preferences), and where a toggle is remembered. */
  optionsOpen?: boolean;
  onOptionsOpenChange?: (open: boolean) => void;
  realtimeClient?: RealtimeClient;
  random?: () => number;
  /** Vary or upscale from history or a detail view: the modal opens on its progress. */
  derive?: DeriveStart | null;
}

/**
 * Spec §2 generation modal: input → progress → completion. Backdrop and close button close it
 * only during input; completion keeps the close button; progress and errors have their own
 * Cancel. The upgrade modal opens on top; it owns Escape and Tab while shown.
 */
export function GenerationModal({
  open,
  onClose,
  canGenerate,
  isPremium,
  balance,
  creditsLoading = false,
  defaults,
  preset = null,
  optionsOpen: savedOptionsOpen = false,
  onOptionsOpenChange,
  realtimeClient = realtime,
  random,
  derive = null,
}: GenerationModalProps) {
  const [values, setValues] = useState<GenerationFormValues>(() =>
    preset ? formValuesFromPreset(preset, defaults) : formValuesFromDefaults(defaults),
  );
  /** The options were changed or filled since the defaults: a reopening keeps them. */
  const [edited, setEdited] = useState(preset !== null);
  const [optionsOpen, setOptionsOpen] = useState(savedOptionsOpen || preset !== null);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open && preset) {
      setValues(formValuesFromPreset(preset, defaults));
      setEdited(true);
      setOptionsOpen(true);
    } else if (open) {
      // The person's defaults may have loaded or changed since the modal last opened.
      if (!edited)
        setValues((current) => ({ ...formValuesFromDefaults(defaults), prompt: current.prompt }));
      setOptionsOpen(savedOptionsOpen);
    }
  }
  const upgrade = useUpgradeOffer(isPremium);
  const modelChoice = useModelChoice(values.model, { isPremium, creditsLoading });
  const { model } = modelChoice;

  const flow = useGenerationFlow({
    realtimeClient,
    random,
    onCompleted: upgrade.afterGeneration,
  });
  const { state } = flow;
  const { start } = flow;
  // Each Vary/Upscale click from a page is a new object: it starts once, when the modal is open.
  useEffect(() => {
    if (open && derive) start(derive.prompt, derive.options, derive.request);
  }, [open, derive, start]);
  const step =
    state.status === 'completed'
      ? 'completion'
      : state.status === 'failed' || isGenerationRunning(state)
        ? 'progress'
        : 'input';
  const closable = step !== 'progress';
  useProgressTitle(isGenerationRunning(state) ? state.progress : null);

  function close() {
    if (!closable) return;
    flow.reset();
    onClose();
  }

  function submit() {
    flow.start(values.prompt, requestOptions(values, model?.id ?? null));
  }

  function toggleOptions(next: boolean) {
    setOptionsOpen(next);
    onOptionsOpenChange?.(next);
  }

  // The cost follows the model; a model that costs nothing needs no credits at all.
  const cost = submitCost(model, values.image_count, isPremium);
  const enough = hasSufficientCredits({ balance, isPremium }, cost);
  const allowed =
    (canGenerate || cost === 0) &&
    (creditsLoading || enough) &&
    !modelChoice.loading &&
    modelChoice.block === null;
  const refusedModel = state.status === 'refused' && state.field === 'model';
  const paused = useGenerationPausedMessage(isPremium);

  return (
    <>
      <Modal
        open={open}
        onClose={close}
        title={GENERATION_MODAL_TITLE}
        size={
          step === 'completion' && flow.state.status === 'completed' && flow.state.images.length > 1
            ? 'lg'
            : 'md'
        }
        closeOnBackdrop={step === 'input'}
        closeOnEscape={closable}
        showCloseButton={closable}
      >
        {step === 'input' && (
          <GenerationInputStep
            values={values}
            onValuesChange={(change) => {
              if (!('prompt' in change)) setEdited(true);
              setValues((current) => ({ ...current, ...change }));
            }}
            optionsOpen={optionsOpen}
            onOptionsOpenChange={toggleOptions}
            random={random}
            onSubmit={submit}
            canGenerate={allowed}
            isPremium={isPremium}
            creditsLoading={creditsLoading}
            insufficient={!creditsLoading && !enough}
            cost={cost}
            modelChoice={modelChoice}
            ignored={ignoredChoices(model, values)}
            onLockedModel={(locked) => upgrade.offerFor(`${locked.name} is part of Premium.`)}
            modelRefusal={refusedModel ? { message: state.error, code: state.code } : null}
            starting={state.status === 'submitting'}
            notice={state.status === 'cancelled' ? GENERATION_MESSAGES.cancelled : null}
            refusal={state.status === 'refused' && !refusedModel ? state.error : null}
            paused={paused}
          />
        )}
        {state.status === 'failed' && (
          <GenerationFailedPanel error={state.error} onRetry={flow.retry} onCancel={flow.reset} />
        )}
        {isGenerationRunning(state) && (
          <GenerationProgressStep
            prompt={state.prompt}
            progress={state.progress}
            message={state.message}
            queuePosition={state.status === 'queued' ? state.position : null}
            waitSeconds={state.status === 'queued' ? state.waitSeconds : null}
            imageCount={state.options.image_count}
            images={state.images}
            onCancel={flow.cancel}
          />
        )}
        {state.status === 'completed' && (
          <GenerationCompletionStep
            prompt={state.prompt}
            images={state.images}
            aspectRatio={state.options.aspect_ratio}
            requestId={state.requestId}
            message={state.message}
            isPremium={isPremium}
            balance={balance}
            onGenerateAgain={flow.reset}
            imageActions={(image) =>
              image.generationId && (
                <DeriveButtons
                  model={state.options.model}
                  credits={creditsLoading ? null : { isPremium, balance }}
                  onDerive={(action) =>
                    flow.start(
                      state.prompt,
                      { ...state.options, image_count: 1 },
                      { sourceId: image.generationId!, action },
                    )
                  }
                />
              )
            }
          />
        )}
      </Modal>
      <UpgradeModal open={upgrade.open} reason={upgrade.reason} onClose={upgrade.close} />
    </>
  );
}
