import { useEffect } from 'react';
import type { GenerationDefaults } from '@nocturne/contract/users/preferences';
import { Modal } from '../../../components/ui/modal';
import { useRealtimeClient } from '../../../lib/realtime-context';
import { isGenerationRunning } from '../flow/generation-flow-reducer';
import { GENERATION_MESSAGES, type GenerationFlowState } from '../flow/generation-flow-state';
import { useGenerationFlow } from '../hooks/use-generation-flow';
import { useGenerationForm } from '../hooks/use-generation-form';
import { useGenerationPausedMessage } from '../hooks/use-generation-paused-message';
import { useModelChoice } from '../hooks/use-model-choice';
import { useProgressTitle } from '../hooks/use-progress-title';
import { useEarlierBatch } from '../hooks/use-earlier-batch';
import { useUpgradeOffer } from '../hooks/use-upgrade-offer';
import type { DeriveStart } from '../utils/derive-actions';
import { progressWords } from '../utils/derive-progress-words';
import type { GenerationPreset } from '../utils/generation-form-values';
import { requestOptions } from '../utils/generation-form-values';
import { submitAllowance } from '../utils/submit-allowance';
import { EarlierBatchView } from './earlier-batch-view';
import { GenerationFailedPanel } from './generation-failed-panel';
import { GenerationInputStep } from './generation-input-step';
import { GenerationProgressStep } from './generation-progress-step';
import { GenerationResultStep } from './generation-result-step';
import { UpgradeModal } from './upgrade-modal';

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
  /** Vary or upscale from history or a detail view: the modal opens on its progress. */
  derive?: DeriveStart | null;
}

type Step = 'input' | 'progress' | 'completion';

function stepOf(state: GenerationFlowState): Step {
  if (state.status === 'completed') return 'completion';
  return state.status === 'failed' || isGenerationRunning(state) ? 'progress' : 'input';
}

/**
 * A batch is wide from its first frame to its result, so the dialog does not change size as
 * results land; so is derived work shown beside the batch it came from.
 */
function isWide(state: GenerationFlowState, besideBatch: boolean): boolean {
  if (besideBatch) return true;
  if (state.status === 'completed') return state.images.length > 1;
  return isGenerationRunning(state) && state.options.image_count > 1;
}

type RunningState = Extract<
  GenerationFlowState,
  { status: 'submitting' | 'subscribing' | 'queued' | 'processing' | 'finalizing' }
>;

/** The progress step of a running submit; derived work says what it makes in its own words. */
function RunningStep({ state, onCancel }: { state: RunningState; onCancel: () => void }) {
  const queued = state.status === 'queued';
  return (
    <GenerationProgressStep
      prompt={state.prompt}
      progress={state.progress}
      message={progressWords(state.message, state.derive)}
      queuePosition={queued ? state.position : null}
      waitSeconds={queued ? state.waitSeconds : null}
      imageCount={state.options.image_count}
      aspectRatio={state.options.aspect_ratio}
      images={state.images}
      onCancel={onCancel}
    />
  );
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
  optionsOpen = false,
  onOptionsOpenChange,
  derive = null,
}: GenerationModalProps) {
  const generationForm = useGenerationForm({
    open,
    preset,
    defaults,
    optionsOpen,
    onOptionsOpenChange,
  });
  const { values } = generationForm;
  const upgrade = useUpgradeOffer(isPremium);
  const modelChoice = useModelChoice(values.model, { isPremium, creditsLoading });
  const paused = useGenerationPausedMessage(isPremium);
  const realtimeClient = useRealtimeClient();
  const flow = useGenerationFlow({ realtimeClient, onCompleted: upgrade.afterGeneration });
  const { state, start } = flow;
  // Each Vary/Upscale click from a page is a new object: it starts once, when the modal is open.
  useEffect(() => {
    if (open && derive) start(derive.prompt, derive.options, derive.request);
  }, [open, derive, start]);
  const { earlier, keepBatch } = useEarlierBatch(state);
  const step = stepOf(state);
  const closable = step !== 'progress';
  useProgressTitle(isGenerationRunning(state) ? state.progress : null);
  const credits = { canGenerate, isPremium, balance, creditsLoading };
  const refusedModel = state.status === 'refused' && state.field === 'model';

  function close() {
    if (!closable) return;
    flow.reset();
    onClose();
  }

  return (
    <>
      <Modal
        open={open}
        onClose={close}
        title={GENERATION_MODAL_TITLE}
        size={isWide(state, earlier !== null) ? 'lg' : 'md'}
        closeOnBackdrop={step === 'input'}
        closeOnEscape={closable}
        showCloseButton={closable}
      >
        {step === 'input' && (
          <GenerationInputStep
            generationForm={generationForm}
            onSubmit={(submitted) =>
              start(submitted.prompt, requestOptions(submitted, modelChoice.model?.id ?? null))
            }
            allowance={submitAllowance(modelChoice, values.image_count, credits)}
            isPremium={isPremium}
            creditsLoading={creditsLoading}
            modelChoice={modelChoice}
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
        {isGenerationRunning(state) && <RunningStep state={state} onCancel={flow.cancel} />}
        {state.status === 'completed' && (
          <GenerationResultStep
            state={state}
            credits={credits}
            onGenerateAgain={flow.reset}
            onDerive={(...derive) => {
              keepBatch();
              start(...derive);
            }}
          />
        )}
        {earlier && <EarlierBatchView batch={earlier} />}
      </Modal>
      <UpgradeModal open={upgrade.open} reason={upgrade.reason} onClose={upgrade.close} />
    </>
  );
}
