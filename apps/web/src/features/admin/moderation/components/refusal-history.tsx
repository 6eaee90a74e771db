import type { AdminRefusal } from '@nocturne/contract/admin/admin-refusals';
import { describeMatched } from '../utils/highlight-terms';
import { LocalTime } from './local-time';

/** How often the person was refused, their latest refusals, and a hold or a running pause. */
export function RefusalHistory({ refusal }: { refusal: AdminRefusal }) {
  const { count, last, heldByOperator, suspendedUntil } = refusal.history;
  const others = last.filter((entry) => entry.id !== refusal.id);
  return (
    <div className="mt-1 flex flex-col gap-1 text-xs text-zinc-400">
      <span>{count === 1 ? 'Their only refusal' : `${count} refusals in all`}</span>
      {heldByOperator && (
        <span className="text-amber-300">Generation suspended by an operator until restored</span>
      )}
      {suspendedUntil && (
        <span className="text-amber-300">
          Generation paused until <LocalTime iso={suspendedUntil} />
        </span>
      )}
      {others.length > 0 && (
        <details>
          <summary className="cursor-pointer rounded text-zinc-300 hover:text-white focus-visible:outline-2 focus-visible:outline-accent-400">
            Recent refusals
          </summary>
          <ul className="mt-1 flex flex-col gap-0.5">
            {others.map((entry) => (
              <li key={entry.id}>
                <LocalTime iso={entry.at} />: {describeMatched(entry) || 'no words named'}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
