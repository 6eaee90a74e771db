import { Button } from '../../../components/ui/button';

export const GENERATION_FAILED_FALLBACK = 'An unexpected error occurred during generation.';

/** Spec §2/§8: 'Generation Failed' with the message, Try Again (same request) and Cancel. */
export function GenerationFailedPanel({
  error,
  onRetry,
  onCancel,
}: {
  error: string | null;
  onRetry: () => void;
  onCancel: () => void;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-4 text-center">
      <div
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-2xl bg-rose-500/15 text-2xl text-rose-300"
      >
        !
      </div>
      <h3 className="text-lg font-semibold text-white">Generation Failed</h3>
      <p className="max-w-sm text-sm text-zinc-300">{error || GENERATION_FAILED_FALLBACK}</p>
      <div className="mt-3 flex w-full flex-col-reverse justify-center gap-2 sm:w-auto sm:flex-row">
        <Button variant="glass" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onRetry}>Try Again</Button>
      </div>
    </div>
  );
}
