import { Button } from '../ui/button';

/** A list that could not load at all: what failed, why, and Try Again (refetch). */
export function LoadErrorPanel({
  title,
  message,
  onRetry,
  headingLevel: Heading = 'h2',
}: {
  title: string;
  message: string;
  onRetry: () => void;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <div role="alert" className="glass-panel rounded-3xl px-6 py-10 text-center">
      <Heading className="text-lg font-semibold text-white">{title}</Heading>
      <p className="mt-2 text-sm text-zinc-400">{message}</p>
      <Button className="mt-5" variant="glass" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
