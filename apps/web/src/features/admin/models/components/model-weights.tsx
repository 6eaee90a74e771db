import type { AdminModel } from '@nocturne/contract/admin/models';
import { Badge } from './badge';

/** An embedded model's files on the server: installed and verified, or what is wrong. */
export function ModelWeights({
  weights,
  pulling,
}: {
  weights: NonNullable<AdminModel['weights']>;
  pulling: boolean;
}) {
  if (!weights.installed) {
    return (
      <p className="text-sm text-zinc-400">
        <Badge tone="warn">Not installed</Badge>{' '}
        {pulling
          ? 'Pulling now.'
          : weights.pullable
            ? 'Pull it to download and check its files.'
            : `Install it on the server with npm run models -- pull ${weights.name}.`}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1 text-sm">
      <p className="flex flex-wrap gap-1.5">
        <Badge tone="good">Installed</Badge>
        {weights.verified ? (
          <Badge tone="good">Verified</Badge>
        ) : (
          <Badge tone="bad">Not verified</Badge>
        )}
      </p>
      {weights.problems.length > 0 && (
        <ul className="list-inside list-disc text-xs text-rose-300">
          {weights.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
