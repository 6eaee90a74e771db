import type { FormEvent, KeyboardEvent } from 'react';
import {
  CONTENT_PROMPT_MAX_LENGTH,
  contentPromptSchema,
} from '@nocturne/contract/generations/create-generation';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import type { EngineOptionName } from '@nocturne/contract/generations/generation-options';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import { hasBidiControl } from '@nocturne/contract/text/bidi-controls';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/textarea';
import type { ModelChoice } from '../hooks/use-model-choice';
import type { GenerationFormValues } from '../utils/generation-form-values';
import { costText } from '../utils/generation-texts';
import { GenerationOptionsPanel, type OptionValues } from './generation-options-panel';
import { ModelProblem } from './model-problem';
import { PreviewModelNotice } from './preview-model-notice';
import { GenerationPausedNotice } from './generation-paused-notice';
import { PresetBar } from './preset-bar';
import { PromptChoicesNote } from './prompt-choices-note';

export const PROMPT_HINT = 'Be specific and descriptive for the best results';
/** The server refuses these characters; pasted text is where they usually come from. */
export const PROMPT_BIDI_ERROR =
  'Remove the invisible text-direction characters from the prompt (they often come with pasted text).';

export interface GenerationInputStepProps {
  values: GenerationFormValues;
  onValuesChange: (change: Partial<GenerationFormValues>) => void;
  optionsOpen: boolean;
  onOptionsOpenChange: (open: boolean) => void;
  random?: () => number;
  onSubmit: () => void;
  /** Everything allows a submit: credits, the model. */
  canGenerate: boolean;
  isPremium: boolean;
  /** The credit state is still loading: no cost and no 'not enough credits' yet. */
  creditsLoading: boolean;
  /** The balance is below this submit's cost. */
  insufficient: boolean;
  /** Credits this submit costs (the model's price × images; 0 for premium). */
  cost: number;
  modelChoice: ModelChoice;
  /** The options set that the chosen model cannot honour. */
  ignored: readonly EngineOptionName[];
  onLockedModel: (model: CatalogModel) => void;
  /** Why the server refused the chosen model, until the next submit. */
  modelRefusal?: { message: string; code: string | null } | null;
  /** A start is in progress: the button stays disabled. */
  starting: boolean;
  /** 'Generation cancelled' after a cancel. */
  notice: string | null;
  /** Why the content rules refused the last prompt, shown at the prompt until the next submit. */
  refusal?: string | null;
  /** The operator's message while generation is paused for this person: shown, Generate off. */
  paused?: string | null;
}

/**
 * Spec §2/§5 input step: 5-row prompt, helper text, the options, cost, Generate enabled only when
 * allowed.
 */
export function GenerationInputStep({
  values,
  onValuesChange,
  optionsOpen,
  onOptionsOpenChange,
  random,
  onSubmit,
  canGenerate,
  isPremium,
  creditsLoading,
  insufficient,
  cost,
  modelChoice,
  ignored,
  onLockedModel,
  modelRefusal = null,
  starting,
  notice,
  refusal = null,
  paused = null,
}: GenerationInputStepProps) {
  const costUnknown = (creditsLoading && cost > 0) || modelChoice.loading;
  const { prompt, ...options } = values;
  const canSubmit =
    contentPromptSchema.safeParse(prompt).success && canGenerate && !starting && !paused;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (canSubmit) onSubmit();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {paused && <GenerationPausedNotice message={paused} />}
      <Textarea
        label="Prompt"
        rows={5}
        value={prompt}
        onChange={(event) => onValuesChange({ prompt: event.target.value })}
        onKeyDown={onKeyDown}
        hint={PROMPT_HINT}
        error={hasBidiControl(prompt) ? PROMPT_BIDI_ERROR : (refusal ?? undefined)}
        maxLength={CONTENT_PROMPT_MAX_LENGTH}
        placeholder="A lone lighthouse under a violet aurora, cinematic lighting, ultra detailed"
        data-autofocus
      />
      <PromptChoicesNote prompt={prompt} imageCount={values.image_count} seed={values.seed} />
      <PresetBar
        values={options}
        onApply={onValuesChange}
        modelChoice={modelChoice}
        isPremium={isPremium}
      />
      <GenerationOptionsPanel
        values={options}
        onChange={(change: Partial<OptionValues>) => onValuesChange(change)}
        open={optionsOpen}
        onOpenChange={onOptionsOpenChange}
        random={random}
        modelChoice={modelChoice}
        isPremium={isPremium}
        ignored={ignored}
        onLockedModel={onLockedModel}
      />
      <PreviewModelNotice model={modelChoice.model} />
      <ModelProblem model={modelChoice.model} block={modelChoice.block} refusal={modelRefusal} />
      {notice && (
        <p
          role="status"
          className="rounded-xl border border-glass-border bg-glass px-3 py-2 text-sm text-zinc-300"
        >
          {notice}
        </p>
      )}
      {insufficient && !paused && (
        <p className="rounded-xl border border-rose-400/30 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
          {ERROR_CATALOGUE.INSUFFICIENT_CREDITS.message}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-400" aria-busy={costUnknown || undefined}>
          Cost:{' '}
          <span
            data-testid="generation-cost"
            className={
              isPremium || cost === 0
                ? 'font-semibold text-emerald-300'
                : 'font-semibold text-white'
            }
          >
            {costUnknown ? '…' : isPremium ? 'FREE' : cost === 0 ? 'Free' : costText(cost)}
          </span>
        </p>
        <Button type="submit" disabled={!canSubmit} className="max-sm:w-full">
          Generate
        </Button>
      </div>
    </form>
  );
}
