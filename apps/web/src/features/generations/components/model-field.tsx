import type { CatalogModel } from '@nocturne/contract/models/list-models';
import type { EngineOptionName } from '@nocturne/contract/generations/generation-options';
import type { ModelChoice } from '../hooks/use-model-choice';
import { ignoredOptionText } from '../utils/model-texts';
import { ModelPicker } from './model-picker';

export const MODELS_FAILED_TEXT =
  "The list of models could not be loaded: this server's default model will be used.";

/** The options panel's model section: the picker, or what stands in while the catalog is not read. */
export function ModelField({
  choice,
  isPremium,
  onChange,
  onLocked,
}: {
  choice: ModelChoice;
  isPremium: boolean;
  onChange: (id: string) => void;
  onLocked: (model: CatalogModel) => void;
}) {
  if (choice.loading)
    return (
      <p aria-busy="true" className="text-sm text-zinc-400">
        Loading models…
      </p>
    );
  if (!choice.model) return <p className="text-sm text-zinc-400">{MODELS_FAILED_TEXT}</p>;
  return (
    <ModelPicker
      models={choice.models}
      value={choice.model}
      isPremium={isPremium}
      onChange={onChange}
      onLocked={onLocked}
    />
  );
}

/** Next to an option: the chosen model ignores what the person set there. */
export function IgnoredOptionNote({
  model,
  ignored,
  option,
}: {
  model: Pick<CatalogModel, 'name'> | null;
  ignored: readonly EngineOptionName[];
  option: EngineOptionName;
}) {
  if (!model || !ignored.includes(option)) return null;
  return <p className="-mt-2 text-xs text-amber-200">{ignoredOptionText(model.name, option)}</p>;
}
