import { cn } from '../../../../lib/cn';
import { auditDiff } from '../utils/audit-diff';

/** "Details": the row's state before → after, one key a line, changed values highlighted. */
export function AuditDetails({ before, after }: { before: unknown; after: unknown }) {
  const lines = auditDiff(before, after);
  if (lines.length === 0) return <span className="text-zinc-500">—</span>;
  return (
    <details className="group">
      <summary className="cursor-pointer text-accent-300 hover:text-accent-200">Details</summary>
      <dl className="mt-2 flex flex-col gap-1 text-xs">
        {lines.map((line) => (
          <div key={line.key} className="flex flex-wrap gap-x-2">
            <dt className="text-zinc-400">{line.key}:</dt>
            <dd className={cn('break-all', line.changed ? 'text-zinc-100' : 'text-zinc-400')}>
              <span
                className={
                  line.changed && line.before !== null ? 'text-rose-300 line-through' : undefined
                }
              >
                {line.before ?? '(none)'}
              </span>
              {line.changed && (
                <>
                  {' → '}
                  <span className="text-emerald-300">{line.after ?? '(none)'}</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
