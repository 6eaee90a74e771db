import { useId, useState } from 'react';
import {
  LORA_WEIGHT_MAX,
  LORA_WEIGHT_MIN,
  LORAS_PER_GENERATION_MAX,
  type CatalogModelLora,
  type LoraChoice,
} from '@nocturne/contract/models/loras';
import { Input } from '../../../components/ui/input';
import { LORA_LIMIT_TEXT, triggerWordsText } from '../utils/lora-texts';

interface LoraPickerProps {
  /** The chosen model's LoRAs (GET /api/v1/models `loras`). */
  loras: readonly CatalogModelLora[];
  value: readonly LoraChoice[];
  onChange: (loras: LoraChoice[]) => void;
  /** A locked (Premium) LoRA was chosen by a person without Premium: offer the upgrade. */
  onLocked: (lora: CatalogModelLora) => void;
}

/**
 * A chosen LoRA's weight, typed freely (an emptied field while typing keeps the last weight) and
 * kept within the range the server takes.
 */
function WeightField({
  name,
  weight,
  onWeight,
}: {
  name: string;
  weight: number;
  onWeight: (weight: number) => void;
}) {
  const [text, setText] = useState(String(weight));
  return (
    <Input
      type="number"
      label={`Weight of ${name}`}
      min={LORA_WEIGHT_MIN}
      max={LORA_WEIGHT_MAX}
      step={0.05}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const typed = event.target.valueAsNumber;
        if (Number.isFinite(typed))
          onWeight(Math.min(LORA_WEIGHT_MAX, Math.max(LORA_WEIGHT_MIN, typed)));
      }}
    />
  );
}

/** One LoRA of the list: a checkbox (or the upsell when locked), its trigger words and weight. */
function LoraRow({
  lora,
  chosen,
  full,
  onToggle,
  onWeight,
  onLocked,
}: {
  lora: CatalogModelLora;
  chosen: LoraChoice | undefined;
  full: boolean;
  onToggle: (on: boolean) => void;
  onWeight: (weight: number) => void;
  onLocked: () => void;
}) {
  const id = useId();
  const words = triggerWordsText(lora);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-glass-border p-3">
      <div className="flex items-start gap-3">
        {lora.locked ? (
          <button
            type="button"
            onClick={onLocked}
            className="min-h-11 text-left text-sm text-zinc-300 underline-offset-2 hover:underline focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none"
          >
            {lora.name} <span className="text-xs text-amber-200">Premium</span>
          </button>
        ) : (
          <>
            <input
              id={id}
              type="checkbox"
              checked={chosen !== undefined}
              disabled={!chosen && full}
              aria-describedby={words ? `${id}-words` : undefined}
              onChange={(event) => onToggle(event.target.checked)}
              className="mt-0.5 size-5 shrink-0 cursor-pointer rounded-md accent-accent-500"
            />
            <label htmlFor={id} className="cursor-pointer text-sm text-zinc-200">
              {lora.name}
            </label>
          </>
        )}
      </div>
      {words && (
        <p id={`${id}-words`} className="text-xs text-zinc-400">
          {words}
        </p>
      )}
      {chosen && <WeightField name={lora.name} weight={chosen.weight} onWeight={onWeight} />}
    </li>
  );
}

/**
 * The chosen model's LoRAs, searchable by name: each shows the trigger words it adds to the
 * prompt, and once chosen its weight (-2 to 2, starting at the catalog's). At most 3; a Premium
 * LoRA for a person without Premium opens the upsell instead of being chosen.
 */
export function LoraPicker({ loras, value, onChange, onLocked }: LoraPickerProps) {
  const [search, setSearch] = useState('');
  const wanted = search.trim().toLowerCase();
  const shown = loras.filter((lora) => lora.name.toLowerCase().includes(wanted));
  const full = value.length >= LORAS_PER_GENERATION_MAX;
  const toggle = (lora: CatalogModelLora, on: boolean) =>
    onChange(
      on
        ? [...value, { id: lora.id, weight: lora.default_weight }]
        : value.filter((choice) => choice.id !== lora.id),
    );
  const weigh = (lora: CatalogModelLora, weight: number) =>
    onChange(value.map((choice) => (choice.id === lora.id ? { ...choice, weight } : choice)));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-white">LoRAs</legend>
      <Input
        type="search"
        label="Search LoRAs"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        hint={full ? LORA_LIMIT_TEXT : `Up to ${LORAS_PER_GENERATION_MAX}, each at its weight.`}
      />
      {shown.length === 0 ? (
        <p className="text-sm text-zinc-400">No LoRA of this model matches “{search.trim()}”.</p>
      ) : (
        <ul className="flex max-h-72 flex-col gap-2 overflow-y-auto">
          {shown.map((lora) => (
            <LoraRow
              key={lora.id}
              lora={lora}
              chosen={value.find((choice) => choice.id === lora.id)}
              full={full}
              onToggle={(on) => toggle(lora, on)}
              onWeight={(weight) => weigh(lora, weight)}
              onLocked={() => onLocked(lora)}
            />
          ))}
        </ul>
      )}
    </fieldset>
  );
}
