import { useCredits } from '../hooks/use-credits';

/** The 5 s success banner and the daily-request refusal, floating under the header. */
export function CreditNotices() {
  const { successMessage, requestError, dismissRequestError } = useCredits();
  return (
    <div className="pointer-events-none fixed inset-x-0 top-[4.5rem] z-40 flex flex-col items-center gap-2 px-4">
      <div role="status" aria-live="polite" className="flex flex-col items-center">
        {successMessage && (
          <p className="animate-pop-in pointer-events-auto rounded-2xl border border-emerald-400/30 bg-emerald-950/90 px-4 py-2.5 text-sm font-medium text-emerald-200 shadow-panel">
            {successMessage}
          </p>
        )}
      </div>
      {requestError && (
        <div
          role="alert"
          className="animate-pop-in pointer-events-auto flex max-w-md items-start gap-3 rounded-2xl border border-rose-400/30 bg-rose-950/90 px-4 py-2.5 text-sm text-rose-100 shadow-panel"
        >
          <p className="flex-1">{requestError}</p>
          <button
            type="button"
            onClick={dismissRequestError}
            className="rounded-md px-1 text-rose-200 transition hover:text-white"
          >
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
