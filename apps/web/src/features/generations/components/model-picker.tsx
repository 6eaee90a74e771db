import { useId } from 'react';
import type { CatalogModel } from '@nocturne/contract/models/list-models';
import { cn } from '../../../lib/cn';
import { isLocked } from '../utils/model-choice';
import {
  licenceUseText,
  pricePerImageText,
  unavailableReasonText,
  withheldDeriveText,
} from '../utils/model-texts';

const CARD =
  'flex min-h-11 w-full flex-col gap-0.5 rounded-xl border border-glass-border bg-glass px-3 py-2 text-left text-sm transition';

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3">
      <path
        d="M5 7V5a3 3 0 016 0v2h.5A1.5 1.5 0 0113 8.5v5a1.5 1.5 0 01-1.5 1.5h-7A1.5 1.5 0 013 13.5v-5A1.5 1.5 0 014.5 7H5zm1.5 0h3V5a1.5 1.5 0 00-3 0v2z"
        fill="currentColor"
      />
    </svg>
  );
}

function Badge({ tone, children }: { tone: 'premium' | 'muted'; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        tone === 'premium' ? 'bg-amber-400/15 text-amber-200' : 'bg-zinc-500/20 text-zinc-300',
      )}
    >
      {children}
    </span>
  );
}

function ModelCard({ model, isPremium }: { model: CatalogModel; isPremium: boolean }) {
  const locked = isLocked(model, isPremium);
  const withheld = withheldDeriveText(model);
  return (
    <>
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium text-white">{model.name}</span>
        {model.tier === 'premium' && (
          <Badge tone="premium">
            {locked && <LockIcon />}
            Premium
          </Badge>
        )}
        {model.licence && !model.licence.commercial_use && (
          <Badge tone="muted">Non-commercial</Badge>
        )}
        {!model.available && <Badge tone="muted">Unavailable</Badge>}
        {!isPremium && !locked && (
          <span className="ml-auto text-xs font-medium text-zinc-300">
            {pricePerImageText(model)}
          </span>
        )}
      </span>
      {model.description && <span className="text-xs text-zinc-400">{model.description}</span>}
      {!model.available && (
        <span className="text-xs text-amber-200">{unavailableReasonText(model)}</span>
      )}
      {withheld && <span className="text-xs text-zinc-400">{withheld}</span>}
    </>
  );
}

/**
 * The catalog as a radio group (arrow keys move the choice). A premium model is a button for a
 * person without premium, leading to the upgrade offer instead of being chosen; an unavailable
 * model is a disabled radio that says why (not installed, its server unreachable…), and a model
 * that offers no Vary or Upscale though its engine could says why too. The chosen model's licence
 * opens below the list, with the conditions it sets on commercial use (a revenue limit, a credit,
 * use restrictions).
 */
export function ModelPicker({
  models,
  value,
  isPremium,
  onChange,
  onLocked,
}: {
  models: readonly CatalogModel[];
  value: CatalogModel;
  isPremium: boolean;
  onChange: (id: string) => void;
  onLocked: (model: CatalogModel) => void;
}) {
  const name = useId();
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-zinc-200">Model</legend>
      <div className="flex flex-col gap-2">
        {models.map((model) =>
          isLocked(model, isPremium) ? (
            <button
              key={model.id}
              type="button"
              title={licenceUseText(model.licence)}
              aria-label={`${model.name}: Premium only. Upgrade to use it`}
              onClick={() => onLocked(model)}
              className={cn(
                CARD,
                'cursor-pointer opacity-80 hover:border-amber-300 focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:outline-none',
              )}
            >
              <ModelCard model={model} isPremium={isPremium} />
            </button>
          ) : (
            <label
              key={model.id}
              title={licenceUseText(model.licence)}
              className={cn(
                CARD,
                model.available
                  ? 'cursor-pointer hover:border-accent-400 has-checked:border-accent-400 has-checked:bg-accent-500/20'
                  : 'cursor-not-allowed opacity-60',
                'has-focus-visible:ring-2 has-focus-visible:ring-accent-400',
              )}
            >
              <input
                type="radio"
                name={name}
                value={model.id}
                checked={model.id === value.id}
                disabled={!model.available}
                onChange={() => onChange(model.id)}
                className="sr-only"
              />
              <ModelCard model={model} isPremium={isPremium} />
            </label>
          ),
        )}
      </div>
      <details className="text-xs text-zinc-400">
        <summary className="min-h-11 cursor-pointer content-center text-zinc-300 hover:text-white">
          Licence of {value.name}
        </summary>
        <p className="pb-1">
          {licenceUseText(value.licence)}{' '}
          {value.licence?.url && (
            <a
              href={value.licence.url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-accent-300 underline hover:text-accent-400"
            >
              Read the licence
            </a>
          )}
        </p>
        {value.licence?.conditions?.length ? (
          <ul aria-label={`Conditions of ${value.licence.name}`} className="list-disc pb-1 pl-4">
            {value.licence.conditions.map((condition) => (
              <li key={condition}>{condition}</li>
            ))}
          </ul>
        ) : null}
      </details>
    </fieldset>
  );
}
