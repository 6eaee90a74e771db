import type { OverviewModel } from '@nocturne/contract/admin/overview';
import type { ModelHealthState } from '@nocturne/contract/models/model-health';
import { cn } from '../../../../lib/cn';

const seconds = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)} s`);

function engineLabel(model: OverviewModel) {
  if (model.engine.fallback_reason) return 'Fell back to preview';
  return model.engine.is_preview ? `${model.engine.backend} (preview)` : model.engine.backend;
}

const HEALTH_LABELS: Record<ModelHealthState, string> = {
  ready: 'Ready',
  not_installed: 'Not installed',
  unreachable: 'Unreachable',
  misconfigured: 'Misconfigured',
  failing: 'Failing',
};

/** Its workers' health (the alert above says why); a dash until one has reported it. */
function healthLabel(model: OverviewModel) {
  return model.health ? HEALTH_LABELS[model.health.state] : '–';
}

const FIGURES = [
  ['Queued', (model: OverviewModel) => model.queued],
  ['Running', (model: OverviewModel) => model.running],
  ['Wait p50', (model: OverviewModel) => seconds(model.wait_p50_s)],
  ['Wait p95', (model: OverviewModel) => seconds(model.wait_p95_s)],
  ['Workers', (model: OverviewModel) => model.workers],
  ['Engine', engineLabel],
  ['Health', healthLabel],
] as const;

/** Each model's queue, waits, workers and engine: a table on wide screens, cards below `sm`. */
export function ModelTable({ models }: { models: OverviewModel[] }) {
  if (models.length === 0) {
    return <p className="text-sm text-zinc-400">The catalog's models would appear here.</p>;
  }
  const warn = (model: OverviewModel) =>
    model.workers === 0 ||
    model.engine.fallback_reason ||
    (model.health !== null && model.health.state !== 'ready');
  return (
    <>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">Models: queue, waits, workers and engine</caption>
        <thead className="text-xs text-zinc-400 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Model
            </th>
            {FIGURES.map(([label]) => (
              <th key={label} scope="col" className="py-2 pr-3 font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-white/5 text-zinc-200">
          {models.map((model) => (
            <tr key={model.id} className={warn(model) ? 'text-rose-200' : undefined}>
              <th scope="row" className="py-2 pr-3 font-medium text-white">
                {model.name}
              </th>
              {FIGURES.map(([label, read]) => (
                <td key={label} className="py-2 pr-3 tabular-nums">
                  {read(model)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 sm:hidden">
        {models.map((model) => (
          <li key={model.id} className="rounded-2xl border border-glass-border p-3">
            <p className="font-medium text-white">{model.name}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {FIGURES.map(([label, read]) => (
                <div
                  key={label}
                  // The engine's words need the card's whole width on a phone.
                  className={cn('flex justify-between gap-2', label === 'Engine' && 'col-span-2')}
                >
                  <dt className="text-zinc-400">{label}</dt>
                  <dd className="truncate text-zinc-100 tabular-nums">{read(model)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
