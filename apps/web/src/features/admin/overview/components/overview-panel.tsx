import { overviewAlerts, OVERVIEW_FAILURES_HOURS } from '@nocturne/contract/admin/overview';
import { LoadErrorPanel } from '../../../../components/errors/load-error-panel';
import { Spinner } from '../../../../components/ui/spinner';
import { getErrorMessage } from '../../../../lib/get-error-message';
import { useLiveOverview } from '../hooks/use-live-overview';
import { BarChart } from './bar-chart';
import { ModelTable } from './model-table';
import { OverviewFigures } from './overview-figures';

const time = (iso: string) => new Date(iso).toLocaleTimeString();
/** When a state began: the time today, else the date and time. */
const sinceText = (iso: string) => {
  const at = new Date(iso);
  return at.toDateString() === new Date().toDateString() ? time(iso) : at.toLocaleString();
};

function LiveBadge({ live, at }: { live: boolean; at: string }) {
  return (
    <p className="flex items-center gap-2 text-xs text-zinc-400" data-testid="overview-status">
      <span
        aria-hidden
        className={
          live
            ? 'size-2 animate-pulse rounded-full bg-emerald-400'
            : 'size-2 rounded-full bg-zinc-500'
        }
      />
      <span>{live ? 'Live' : 'Not live: refreshed every 15 s'}</span>
      <span>
        · updated{' '}
        <time dateTime={at} title={new Date(at).toString()}>
          {time(at)}
        </time>
      </span>
    </p>
  );
}

/** The Overview page's content: alerts, live state, the models, the last minutes and money. */
export function OverviewPanel() {
  const { data, error, refetch, live } = useLiveOverview();
  if (!data) {
    if (error) {
      return (
        <LoadErrorPanel
          title="The overview could not load"
          message={getErrorMessage(error)}
          onRetry={() => void refetch()}
        />
      );
    }
    return (
      <p className="flex items-center gap-2 text-sm text-zinc-400">
        <Spinner /> Loading the overview…
      </p>
    );
  }
  const alerts = overviewAlerts(data);
  const jobs = data.jobs_per_minute;
  return (
    <div className="space-y-6">
      {alerts.length > 0 && (
        // The alert role sits on a wrapper: on the list itself it would take the list's role away.
        <div role="alert">
          <ul className="space-y-2 rounded-2xl border border-rose-500/40 bg-rose-500/10 p-4 text-sm text-rose-100">
            {alerts.map((alert) => (
              <li key={alert.text}>
                {alert.text}
                {alert.since && (
                  <span className="text-rose-200/80">
                    {' '}
                    Since{' '}
                    <time dateTime={alert.since} title={new Date(alert.since).toString()}>
                      {sinceText(alert.since)}
                    </time>
                    .
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <LiveBadge live={live} at={data.generated_at} />
      <section aria-labelledby="models-heading" className="glass-panel rounded-3xl p-5">
        <h2 id="models-heading" className="mb-3 text-lg font-semibold text-white">
          Models
        </h2>
        <ModelTable models={data.models} />
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="jobs-heading" className="glass-panel min-w-0 rounded-3xl p-5">
          <h2 id="jobs-heading" className="text-lg font-semibold text-white">
            Images per minute
          </h2>
          <p className="mb-3 text-xs text-zinc-400">
            Last {jobs.length} minutes: {jobs.reduce((sum, row) => sum + row.completed, 0)} made,{' '}
            {jobs.reduce((sum, row) => sum + row.failed, 0)} failed (red).
          </p>
          <BarChart
            label="Images finished per minute"
            values={jobs.map((row) => ({
              key: row.minute,
              main: row.completed,
              extra: row.failed,
              title: `${time(row.minute)}: ${row.completed} made, ${row.failed} failed`,
            }))}
          />
        </section>
        <section aria-labelledby="failures-heading" className="glass-panel min-w-0 rounded-3xl p-5">
          <h2 id="failures-heading" className="mb-3 text-lg font-semibold text-white">
            Failures, last {OVERVIEW_FAILURES_HOURS} h
          </h2>
          {data.failures.length === 0 ? (
            <p className="text-sm text-zinc-400">
              No image failed. Failures would appear here by reason.
            </p>
          ) : (
            <ul className="space-y-1 text-sm">
              {data.failures.map((row) => (
                <li key={row.reason} className="flex justify-between gap-3">
                  <span className="min-w-0">
                    <span className="block truncate text-zinc-200">{row.reason}</span>
                    {row.detail && (
                      <span className="block text-xs break-words text-zinc-400">{row.detail}</span>
                    )}
                  </span>
                  <span className="text-white tabular-nums">{row.count}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <OverviewFigures overview={data} />
    </div>
  );
}
