import type { LivePull } from '../hooks/use-model-pulls';
import { formatBytes } from './format';

const PHASES = {
  download: 'Downloading',
  verify: 'Verifying',
  convert: 'Converting',
  prove: 'Proving',
  install: 'Installing',
} as const;

/** A pull's progress bar (bytes of the current file, speed, phase), or how it ended. */
export function PullProgress({ pull }: { pull: LivePull }) {
  const { state, bytesPerSecond } = pull;
  if (state.status === 'failed') {
    return (
      <p
        role="alert"
        className="rounded-xl border border-rose-500/40 bg-rose-500/10 p-3 text-sm [overflow-wrap:anywhere] text-rose-200"
      >
        The pull failed: {state.error}
      </p>
    );
  }
  if (state.status === 'done') {
    return (
      <p role="status" className="text-sm text-emerald-300">
        {state.restart_needed
          ? 'Pulled and verified. Restart the server to serve it.'
          : 'Pulled, verified and loaded: the model is ready.'}
      </p>
    );
  }
  const total = state.bytes_total;
  const downloading = state.phase === 'download' && total;
  const percent = downloading ? Math.min(100, Math.round((state.bytes_done / total) * 100)) : null;
  const label =
    state.phase === 'download' && state.file
      ? `Downloading ${state.file} (file ${state.file_index + 1} of ${state.file_count})`
      : PHASES[state.phase];
  return (
    <div className="flex flex-col gap-1.5" role="status" aria-live="polite">
      <div className="flex flex-wrap justify-between gap-x-3 text-xs text-zinc-300">
        <span className="min-w-0 [overflow-wrap:anywhere]">{label}</span>
        {downloading && (
          <span>
            {formatBytes(state.bytes_done)} of {formatBytes(total)}
            {bytesPerSecond !== null && ` · ${formatBytes(bytesPerSecond)}/s`}
          </span>
        )}
      </div>
      <div
        role="progressbar"
        aria-label={`Pull of ${state.model_id}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-2 overflow-hidden rounded-full bg-night-700"
      >
        <div
          className={
            percent === null
              ? 'h-full w-1/3 animate-pulse bg-accent-500'
              : 'h-full bg-accent-500 transition-[width]'
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
      {state.phase !== 'download' && (
        <p className="text-xs [overflow-wrap:anywhere] text-zinc-500">{state.detail}</p>
      )}
    </div>
  );
}
