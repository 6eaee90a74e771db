import { useId } from 'react';
import {
  ASPECT_RATIOS,
  IMAGE_COUNT_MAX,
  IMAGE_COUNT_MIN,
  NEGATIVE_PROMPT_MAX_LENGTH,
  QUALITIES,
  QUALITY_LABELS,
  STYLE_IDS,
  STYLE_PRESETS,
  type EngineOptionName,
  type StyleId,
} from '@nocturne/contract/generations/generation-options';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import { limitHint } from '../../../components/forms/limit-hint';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import type { ModelChoice } from '../hooks/use-model-choice';
import type { GenerationFormValues } from '../utils/generation-form-values';
import { ignoredWhileClosedText } from '../utils/model-texts';
import { optionsSummary } from '../utils/options-summary';
import { AspectRatioShape } from './aspect-ratio-shape';
import { LoraPicker } from './lora-picker';
import { IgnoredOptionNote, ModelField } from './model-field';
import { OptionRadioGroup } from './option-radio-group';
import { SeedField } from './seed-field';

const RATIO_CHOICES = ASPECT_RATIOS.map((ratio) => ({
  value: ratio,
  label: ratio,
  visual: <AspectRatioShape ratio={ratio} />,
}));
const COUNT_CHOICES = Array.from({ length: IMAGE_COUNT_MAX - IMAGE_COUNT_MIN + 1 }, (_, i) => ({
  value: IMAGE_COUNT_MIN + i,
  label: String(IMAGE_COUNT_MIN + i),
}));
const QUALITY_CHOICES = QUALITIES.map((quality) => ({
  value: quality,
  label: QUALITY_LABELS[quality],
}));
const NO_STYLE = '';
const STYLE_OPTIONS = [
  { value: NO_STYLE, label: 'None' },
  ...STYLE_IDS.map((id) => ({ value: id, label: STYLE_PRESETS[id].label })),
];

export type OptionValues = Omit<GenerationFormValues, 'prompt'>;

interface OptionsPanelProps {
  values: OptionValues;
  onChange: (change: Partial<OptionValues>) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  modelChoice: ModelChoice;
  isPremium: boolean;
  /** The options set here that the chosen model cannot honour. */
  ignored: readonly EngineOptionName[];
  onLockedModel: (model: CatalogModel) => void;
  /** Why the form refuses the negative prompt, said under it. */
  negativePromptError?: string;
}

/** The disclosure's button: what is set, readable while the panel is closed. */
function OptionsToggle({
  values,
  modelName,
  open,
  onOpenChange,
  regionId,
}: {
  values: OptionValues;
  modelName: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  regionId: string;
}) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={regionId}
      onClick={() => onOpenChange(!open)}
      className="flex min-h-11 w-full items-center justify-between gap-3 rounded-2xl px-4 py-2 text-left focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none"
    >
      <span className="text-sm font-medium text-white">Options</span>
      <span className="flex min-w-0 items-center gap-2 text-xs text-zinc-400">
        <span className="truncate">{optionsSummary(values, modelName)}</span>
        <span aria-hidden="true" className={open ? 'rotate-180 transition' : 'transition'}>
          ▾
        </span>
      </span>
    </button>
  );
}

/** The ratio, the number of images and the quality, each a row of choices. */
function ShapeFields({
  values,
  onChange,
  model,
  ignored,
}: Pick<OptionsPanelProps, 'values' | 'onChange' | 'ignored'> & { model: CatalogModel | null }) {
  return (
    <>
      <OptionRadioGroup
        legend="Aspect ratio"
        choices={RATIO_CHOICES}
        value={values.aspect_ratio}
        onChange={(aspect_ratio) => onChange({ aspect_ratio })}
      />
      <IgnoredOptionNote model={model} ignored={ignored} option="aspect_ratio" />
      <div className="flex flex-wrap gap-x-8 gap-y-4">
        <OptionRadioGroup
          legend="Images"
          choices={COUNT_CHOICES}
          value={values.image_count}
          onChange={(image_count) => onChange({ image_count })}
        />
        <OptionRadioGroup
          legend="Quality"
          choices={QUALITY_CHOICES}
          value={values.quality}
          onChange={(quality) => onChange({ quality })}
        />
      </div>
      <IgnoredOptionNote model={model} ignored={ignored} option="quality" />
    </>
  );
}

/** The style, what to keep out of the image, and the seed. */
function TextFields({
  values,
  onChange,
  model,
  ignored,
  negativePromptError,
}: Pick<OptionsPanelProps, 'values' | 'onChange' | 'ignored' | 'negativePromptError'> & {
  model: CatalogModel | null;
}) {
  return (
    <>
      <Select
        label="Style"
        options={STYLE_OPTIONS}
        value={values.style ?? NO_STYLE}
        onChange={(event) => onChange({ style: (event.target.value || null) as StyleId | null })}
      />
      {/* Not 'Negative prompt': the prompt's label stays the only one that reads 'Prompt'. */}
      <Textarea
        label="Keep out of the image"
        hint={limitHint(
          'The negative prompt: what the image should not show.',
          values.negative_prompt.trim().length,
          NEGATIVE_PROMPT_MAX_LENGTH,
        )}
        rows={2}
        value={values.negative_prompt}
        placeholder="blurry, text, extra fingers"
        error={negativePromptError}
        onChange={(event) => onChange({ negative_prompt: event.target.value })}
      />
      <IgnoredOptionNote model={model} ignored={ignored} option="negative_prompt" />
      <SeedField seed={values.seed} onChange={(seed) => onChange({ seed })} />
      <IgnoredOptionNote model={model} ignored={ignored} option="seed" />
    </>
  );
}

/**
 * Everything beyond the prompt, behind one disclosure that says what is set while closed: the
 * model first, and beside each option a note when the chosen model ignores what was set there.
 */
export function GenerationOptionsPanel(props: OptionsPanelProps) {
  const { values, onChange, open, onOpenChange, modelChoice, isPremium, ignored } = props;
  const regionId = useId();
  const { model } = modelChoice;
  return (
    <div className="rounded-2xl border border-glass-border bg-glass">
      <OptionsToggle
        values={values}
        modelName={model?.name}
        open={open}
        onOpenChange={onOpenChange}
        regionId={regionId}
      />
      {!open && model && ignored.length > 0 && (
        <p className="px-4 pb-3 text-xs text-amber-200">
          {ignoredWhileClosedText(model.name, ignored)}
        </p>
      )}
      <div
        id={regionId}
        hidden={!open}
        className="flex flex-col gap-4 border-t border-glass-border p-4 [&[hidden]]:hidden"
      >
        <ModelField
          choice={modelChoice}
          isPremium={isPremium}
          // LoRAs belong to the model they were chosen on: another model starts without them.
          onChange={(id) => onChange({ model: id, ...(values.loras?.length ? { loras: [] } : {}) })}
          onLocked={props.onLockedModel}
        />
        {model?.loras && model.loras.length > 0 && (
          <LoraPicker
            loras={model.loras}
            value={values.loras ?? []}
            onChange={(loras) => onChange({ loras })}
            // The upsell names what is locked: here the LoRA, on the model it belongs to.
            onLocked={(lora) => props.onLockedModel({ ...model, name: lora.name })}
          />
        )}
        <ShapeFields values={values} onChange={onChange} model={model} ignored={ignored} />
        <TextFields
          values={values}
          onChange={onChange}
          model={model}
          ignored={ignored}
          negativePromptError={props.negativePromptError}
        />
      </div>
    </div>
  );
}
