import { useId, useRef, type KeyboardEvent } from 'react';
import { useController, useFormState } from 'react-hook-form';
import { CONTENT_PROMPT_MAX_LENGTH } from '@nocturne/contract/generations/create-generation';
import { ERROR_CATALOGUE } from '@nocturne/contract/errors/error-codes';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import type { Character } from '@nocturne/contract/characters/character';
import { limitHint } from '../../../components/forms/limit-hint';
import { AlertText } from '../../../components/ui/alert-text';
import { Textarea } from '../../../components/ui/textarea';
import { usePromptReferences } from '../api/get-prompt-references';
import { useCharacterCompletion } from '../hooks/use-character-completion';
import type { GenerationForm } from '../hooks/use-generation-form';
import { useReturnToPrompt } from '../hooks/use-return-to-prompt';
import type { ModelChoice } from '../hooks/use-model-choice';
import { textFieldError } from '../utils/generation-form-schema';
import type { GenerationFormValues } from '../utils/generation-form-values';
import { ignoredChoices } from '../utils/model-choice';
import type { SubmitAllowance } from '../utils/submit-allowance';
import { CharacterListbox } from './character-listbox';
import { GenerationCostLine } from './generation-cost-line';
import { GenerationOptionsPanel } from './generation-options-panel';
import { GenerationPausedNotice } from './generation-paused-notice';
import { LiveNotice } from './live-notice';
import { ModelProblem } from './model-problem';
import { PresetBar } from './preset-bar';
import { PreviewModelNotice } from './preview-model-notice';
import { PromptChoicesNote } from './prompt-choices-note';

export const PROMPT_HINT = 'Be specific and descriptive for the best results';

export interface GenerationInputStepProps {
  generationForm: GenerationForm;
  /** Called with the values as the form's schema read them (the prompt trimmed). */
  onSubmit: (values: GenerationFormValues) => void;
  /** The cost and whether credits and the model allow a submit. */
  allowance: SubmitAllowance;
  isPremium: boolean;
  /** The credit state is still loading: no cost and no 'not enough credits' yet. */
  creditsLoading: boolean;
  modelChoice: ModelChoice;
  onLockedModel: (model: CatalogModel) => void;
  /** Why the server refused the chosen model, until the next submit. */
  modelRefusal?: { message: string; code: string | null } | null;
  /** A start is in progress: the button stays disabled. */
  starting: boolean;
  /** 'Generation cancelled' after a cancel: at the top, read out, focus back on the prompt. */
  notice: string | null;
  /**
   * Why the content rules refused the last prompt: an alert under the prompt until the next
   * submit, with focus back on the prompt.
   */
  refusal?: string | null;
  /** The operator's message while generation is paused for this person: shown, Generate off. */
  paused?: string | null;
}

/**
 * The prompt: a 5-row field that says why the form or the content rules refuse it, and completes
 * the person's `@` character names.
 */
function PromptField({
  generationForm: { form },
  refusal,
  onSubmitKeys,
  characters,
}: {
  generationForm: GenerationForm;
  refusal: string | null;
  onSubmitKeys: () => void;
  characters: readonly Character[];
}) {
  const { field, fieldState } = useController({ name: 'prompt', control: form.control });
  const refusalId = useId();
  const listboxId = useId();
  const completion = useCharacterCompletion({
    value: field.value,
    onChange: field.onChange,
    characters,
    listboxId,
  });
  const length = field.value.trim().length;
  const formError = textFieldError(fieldState.error, 'content_prompt', length);
  // A refusal is its own alert under the field (read out when it appears), and describes it.
  const refused = refusal !== null && formError === undefined;
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (completion.onKeyDown(event)) return;
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      onSubmitKeys();
    }
  }
  return (
    <div className="flex flex-col gap-1.5">
      <Textarea
        label="Prompt"
        rows={5}
        name={field.name}
        value={field.value}
        onChange={(event) => {
          field.onChange(event);
          completion.track(event);
        }}
        onBlur={field.onBlur}
        onKeyDown={onKeyDown}
        {...completion.fieldProps}
        hint={refused ? undefined : limitHint(PROMPT_HINT, length, CONTENT_PROMPT_MAX_LENGTH)}
        error={formError}
        placeholder="A lone lighthouse under a violet aurora, cinematic lighting, ultra detailed"
        data-autofocus
        {...(refused && { 'aria-invalid': true, 'aria-describedby': refusalId })}
      />
      <CharacterListbox id={listboxId} options={completion.listbox} onChoose={completion.choose} />
      {refused && <AlertText id={refusalId}>{refusal}</AlertText>}
    </div>
  );
}

/** The balance short of the cost. */
function InputNotices({ insufficient }: { insufficient: boolean }) {
  return (
    <>
      {insufficient && (
        <p className="rounded-xl border border-rose-400/30 bg-rose-500/10 px-3 py-2 text-sm text-rose-200">
          {ERROR_CATALOGUE.INSUFFICIENT_CREDITS.message}
        </p>
      )}
    </>
  );
}

/**
 * Spec §2/§5 input step: 5-row prompt, helper text, the options, cost, Generate enabled only when
 * the form's schema, the credits and the model allow it.
 */
export function GenerationInputStep({
  generationForm,
  onSubmit,
  allowance,
  isPremium,
  creditsLoading,
  modelChoice,
  onLockedModel,
  modelRefusal = null,
  starting,
  notice,
  refusal = null,
  paused = null,
}: GenerationInputStepProps) {
  const { form, values, setOptions, optionsOpen, toggleOptions } = generationForm;
  const { isValid, errors } = useFormState({ control: form.control });
  const canSubmit = isValid && allowance.allowed && !starting && !paused;
  const submit = form.handleSubmit((parsed) => {
    if (canSubmit) onSubmit(parsed);
  });
  const { prompt: _prompt, ...options } = values;
  const formRef = useRef<HTMLFormElement>(null);
  useReturnToPrompt(formRef, notice ?? refusal);
  const { characters, references } = usePromptReferences(values.prompt);

  return (
    <form ref={formRef} onSubmit={submit} className="flex flex-col gap-4" noValidate>
      {paused && <GenerationPausedNotice message={paused} />}
      {notice && <LiveNotice text={notice} />}
      <PromptField
        generationForm={generationForm}
        refusal={refusal}
        onSubmitKeys={() => void submit()}
        characters={characters}
      />
      <PromptChoicesNote
        prompt={values.prompt}
        references={references}
        imageCount={values.image_count}
        seed={values.seed}
      />
      <PresetBar
        values={options}
        onApply={setOptions}
        modelChoice={modelChoice}
        isPremium={isPremium}
      />
      <GenerationOptionsPanel
        values={options}
        onChange={setOptions}
        open={optionsOpen}
        onOpenChange={toggleOptions}
        modelChoice={modelChoice}
        isPremium={isPremium}
        ignored={ignoredChoices(modelChoice.model, values)}
        onLockedModel={onLockedModel}
        negativePromptError={textFieldError(
          errors.negative_prompt,
          'negative_prompt',
          values.negative_prompt.trim().length,
        )}
      />
      <PreviewModelNotice model={modelChoice.model} />
      <ModelProblem model={modelChoice.model} block={modelChoice.block} refusal={modelRefusal} />
      <InputNotices insufficient={allowance.insufficient && !paused} />
      <GenerationCostLine
        cost={allowance.cost}
        unknown={(creditsLoading && allowance.cost > 0) || modelChoice.loading}
        isPremium={isPremium}
        canSubmit={canSubmit}
      />
    </form>
  );
}
