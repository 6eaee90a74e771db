import type { AdminModel } from '@nocturne/contract/admin/models';
import { useState } from 'react';
import type { LivePull } from '../hooks/use-model-pulls';
import { Badge } from './badge';
import { ModelAvailability } from './model-availability';
import { ModelLicence } from './model-licence';
import { ModelWeights } from './model-weights';
import { PullModelButton } from './pull-model-button';
import { PullProgress } from './pull-progress';
import { SwitchModelDialog } from './switch-model-dialog';

/** The model's name and id, and the switch that asks before turning it on or off. */
function ModelHeader({
  model,
  headingId,
  onSwitch,
}: {
  model: AdminModel;
  headingId: string;
  onSwitch: () => void;
}) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h2 id={headingId} className="font-display text-lg font-semibold break-words text-white">
          {model.name}
        </h2>
        <p className="font-mono text-xs break-all text-zinc-500">{model.id}</p>
      </div>
      <div className="flex items-center gap-2 text-sm text-zinc-300">
        Enabled
        <button
          type="button"
          role="switch"
          aria-checked={model.enabled}
          aria-label={`Enabled: ${model.name}`}
          onClick={onSwitch}
          className={
            model.enabled
              ? 'relative h-6 w-11 rounded-full bg-accent-500 transition'
              : 'relative h-6 w-11 rounded-full bg-night-700 ring-1 ring-glass-border transition'
          }
        >
          <span
            className={`absolute top-0.5 h-5 w-5 rounded-full bg-white transition-all ${model.enabled ? 'left-5.5' : 'left-0.5'}`}
          />
        </button>
      </div>
    </header>
  );
}

/** Tier, cost per image, backend and licence. */
function ModelFacts({ model }: { model: AdminModel }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      <div>
        <dt className="text-xs text-zinc-500">Tier</dt>
        <dd>
          <Badge tone={model.tier === 'premium' ? 'accent' : 'plain'}>
            {model.tier === 'premium' ? 'Premium' : 'Free'}
          </Badge>
        </dd>
      </div>
      <div>
        <dt className="text-xs text-zinc-500">Cost per image</dt>
        <dd className="text-zinc-200">
          {model.credit_cost === 1 ? '1 credit' : `${model.credit_cost} credits`}
        </dd>
      </div>
      <div>
        <dt className="text-xs text-zinc-500">Backend</dt>
        <dd className="text-zinc-200">{model.backend}</dd>
      </div>
      <div className="col-span-full min-w-0">
        <dt className="text-xs text-zinc-500">Licence</dt>
        <dd className="break-words text-zinc-200">
          <ModelLicence licence={model.licence} />
        </dd>
      </div>
    </dl>
  );
}

/** The installed weights, Pull, and a running pull's progress. */
function ModelPull({ model, pull }: { model: AdminModel; pull: LivePull | undefined }) {
  const current = pull ?? (model.pull ? { state: model.pull, bytesPerSecond: null } : undefined);
  const pulling = current?.state.status === 'running';
  if (!model.weights) return null;
  return (
    <div className="flex flex-col gap-3 border-t border-glass-border pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ModelWeights weights={model.weights} pulling={pulling} />
        {model.weights.pullable && <PullModelButton model={model} running={pulling} />}
      </div>
      {current && <PullProgress pull={current} />}
    </div>
  );
}

/** One catalog entry: what it is, what it costs, whether people can use it, and its actions. */
export function ModelCard({ model, pull }: { model: AdminModel; pull: LivePull | undefined }) {
  const [switching, setSwitching] = useState(false);
  const headingId = `model-${model.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="glass-panel flex min-w-0 flex-col gap-4 rounded-3xl p-5"
    >
      <ModelHeader model={model} headingId={headingId} onSwitch={() => setSwitching(true)} />
      {model.description && <p className="text-sm text-zinc-400">{model.description}</p>}
      <ModelFacts model={model} />
      <ModelAvailability model={model} />
      <ModelPull model={model} pull={pull} />
      {switching && <SwitchModelDialog model={model} onClose={() => setSwitching(false)} />}
    </article>
  );
}
