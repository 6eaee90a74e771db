import type { AdminModel, ModelWorker } from '@nocturne/contract/admin/models';
import type {
  ModelHealth,
  ModelHealthState,
  ModelUnavailableReason,
} from '@nocturne/contract/models/model-health';
import { formatTime } from './format';

const WHY_UNAVAILABLE: Record<ModelUnavailableReason, string> = {
  disabled: 'Disabled by an operator',
  no_worker: 'No worker has served it recently',
  not_installed: 'Its files are not installed',
  unreachable: 'Its server cannot be reached',
  misconfigured: "Its server refuses the catalog's settings",
};

const HEALTH_LABELS: Record<ModelHealthState, string> = {
  ready: 'ready',
  not_installed: 'not installed',
  unreachable: 'unreachable',
  misconfigured: 'misconfigured',
  failing: 'failing',
};

/** The engine's health when it is not ready: the state, the engine's words and since when. */
function HealthProblem({ health }: { health: ModelHealth | null }) {
  if (!health || health.state === 'ready') return null;
  const since = formatTime(health.since);
  return (
    <p className="text-xs break-words text-amber-200">
      Engine {HEALTH_LABELS[health.state]}
      {health.cause ? `: ${health.cause}` : ''} (since{' '}
      <time dateTime={health.since} title={since.exact}>
        {since.text}
      </time>
      )
    </p>
  );
}

/** Whether people can use the model now, why not, its engine's health and the workers serving it. */
export function ModelAvailability({ model }: { model: AdminModel }) {
  const why = model.unavailable_reason ? WHY_UNAVAILABLE[model.unavailable_reason] : null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className={model.available ? 'text-emerald-300' : 'text-amber-300'}>
        {model.available ? 'Available' : `Unavailable: ${why}`}
      </p>
      <HealthProblem health={model.health} />
      {model.switch && (
        <p className="text-xs text-zinc-500">
          {model.enabled ? 'Enabled' : 'Disabled'} by {model.switch.changed_by}:{' '}
          <span className="text-zinc-400">“{model.switch.reason}”</span>
        </p>
      )}
      {model.workers.length === 0 ? (
        <p className="text-xs text-zinc-500">No live workers.</p>
      ) : (
        <ul className="flex flex-col gap-0.5 text-xs text-zinc-400" aria-label="Workers">
          {model.workers.map((worker) => {
            const seen = formatTime(worker.last_seen_at);
            return (
              <li key={worker.id} className="flex min-w-0 flex-wrap gap-x-2">
                <span className="truncate font-mono text-zinc-300">{worker.id}</span>
                <WorkerEngine engine={worker.engine} />
                {worker.health && worker.health.state !== 'ready' && (
                  <span className="text-amber-300">{HEALTH_LABELS[worker.health.state]}</span>
                )}
                <span>
                  last heartbeat{' '}
                  <time dateTime={worker.last_seen_at} title={seen.exact}>
                    {seen.text}
                  </time>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/**
 * What the worker runs for the model, as it last reported: after a pull, each worker's line
 * shows whether it has reopened the model or still serves the preview.
 */
function WorkerEngine({ engine }: { engine: ModelWorker['engine'] }) {
  if (!engine) return <span className="text-zinc-500">engine not reported</span>;
  const runs = `${engine.backend} · ${engine.model}`;
  if (!engine.is_preview) return <span className="text-zinc-300">{runs}</span>;
  return (
    <span className="text-amber-300">
      preview model ({runs}){engine.fallback_reason ? `: ${engine.fallback_reason}` : ''}
    </span>
  );
}
